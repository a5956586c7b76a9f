# A while on Python values unrolls at build time: the prints show each iteration.
import tensorflow as tf


@tf.function
def halve(x):
    k = 3
    while k > 0:
        print("unrolling, k =", k)
        x = x / 2.0
        k -= 1
    return x


tf.print(halve(tf.constant(40.0)))
