# break in a tensor while: the loop stops at the first power of 3 above the limit.
import tensorflow as tf


@tf.function
def first_power_above(limit):
    p = tf.constant(1)
    n = tf.constant(0)
    while n < 30:
        p = p * 3
        n += 1
        if p > limit:
            break
    return p, n


p, n = first_power_above(tf.constant(100))
tf.print(p, n)
p, n = first_power_above(tf.constant(0))
tf.print(p, n)
