# break + else in a tensor while over a countdown: else runs only if the loop was not broken.
import tensorflow as tf


@tf.function
def search(n, bad):
    status = tf.constant(0)
    while n > 0:
        if n == bad:
            status = tf.constant(1)
            break
        n -= 1
    else:
        status = tf.constant(2)
    return n, status


n, s = search(tf.constant(9), tf.constant(4))
tf.print(n, s)
n, s = search(tf.constant(9), tf.constant(20))
tf.print(n, s)
