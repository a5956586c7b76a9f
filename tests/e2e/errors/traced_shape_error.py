import tensorflow as tf


@tf.function
def project(x, w):
    return tf.matmul(x, w)


project(tf.ones([2, 3]), tf.ones([3, 4]))
project(tf.ones([2, 3]), tf.ones([2, 4]))
