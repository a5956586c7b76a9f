"""bench/distribute_scaling's Fashion-MNIST CNN: keras_fashion_cnn.py's model trained by
Keras's fit in a tf.distribute strategy's scope (global batch 64, Adam), two epochs
over --train_size images. Built with --replicas N."""
import tensorflow as tf

from _fashion_keras import train_and_test

strategy = tf.distribute.MultiWorkerMirroredStrategy()
train_and_test([
    tf.keras.layers.Reshape((28, 28, 1)),
    tf.keras.layers.Conv2D(32, 3, padding="same", activation="relu"),
    tf.keras.layers.MaxPooling2D(),
    tf.keras.layers.Conv2D(64, 3, padding="same", activation="relu"),
    tf.keras.layers.MaxPooling2D(),
    tf.keras.layers.Flatten(),
    tf.keras.layers.Dense(128, activation="relu"),
    tf.keras.layers.Dense(10),
], epochs=2, strategy=strategy)
