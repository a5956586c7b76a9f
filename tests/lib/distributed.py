# A library is called from one process: tf.distribute has no place in one.
import tensorflow as tf

strategy = tf.distribute.MirroredStrategy()


@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
def double(x):
    return 2.0 * x
