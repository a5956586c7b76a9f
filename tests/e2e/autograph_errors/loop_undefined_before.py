# A name first set inside a tensor loop to a value TF cannot make a placeholder for (a str), used after it.
import tensorflow as tf


@tf.function
def f(n):
    i = tf.constant(0)
    while i < n:
        status = "looped"
        i += 1
    print(status)
    return i


f(tf.constant(3))
