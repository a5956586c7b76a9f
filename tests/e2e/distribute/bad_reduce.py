# ingot-test: build-exit=1 eager-exit=1
# A reduce op that is neither SUM nor MEAN is TensorFlow's ValueError.
import tensorflow as tf

strategy = tf.distribute.MirroredStrategy()
strategy.reduce("MAX", tf.constant(1.0), axis=None)
