# A tensor while carrying several variables plus a tuple and a list: Fibonacci pairs.
import tensorflow as tf


@tf.function
def fib(n):
    pair = (tf.constant(0), tf.constant(1))
    stats = [tf.constant(0), tf.constant(0.0)]
    i = tf.constant(0)
    while i < n:
        a, b = pair
        pair = (b, a + b)
        stats = [stats[0] + 1, stats[1] + 0.5]
        i += 1
    return pair[0], pair[1], stats[0], stats[1]


a, b, c, d = fib(tf.constant(20))
tf.print(a, b, c, d)
