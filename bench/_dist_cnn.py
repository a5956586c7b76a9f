"""bench/distribute_scaling's Fashion-MNIST CNN: keras_fashion_cnn.py's model trained by
Keras's fit in a tf.distribute strategy's scope (global batch 64, Adam), two epochs
over --train_size images. Built with --replicas N."""
import tensorflow as tf

from _fashion_keras import cnn_layers, train_and_test

strategy = tf.distribute.MultiWorkerMirroredStrategy()
train_and_test(cnn_layers(), epochs=2, strategy=strategy)
