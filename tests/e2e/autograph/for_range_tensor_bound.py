# range() with a tensor bound becomes tf.range: a graph loop, with start and step too.
import tensorflow as tf


@tf.function
def sums(n):
    a = tf.constant(0)
    for i in range(n):
        a += i
    b = tf.constant(0)
    for i in range(2, n, 3):
        b += i
    return a, b


a, b = sums(tf.constant(10))
tf.print(a, b)
