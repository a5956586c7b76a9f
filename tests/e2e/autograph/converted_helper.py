# A plain helper called from a tf.function is converted too: its tensor if and while become graph nodes.
import tensorflow as tf


def gcd(a, b):
    while b != 0:
        a, b = b, a % b
    return a


def sign(x):
    if x < 0:
        return -1
    elif x > 0:
        return 1
    else:
        return 0


@tf.function
def f(a, b):
    return gcd(a, b), sign(a - b)


g, s = f(tf.constant(48), tf.constant(36))
tf.print(g, s)
g, s = f(tf.constant(17), tf.constant(51))
tf.print(g, s)
g, s = f(tf.constant(9), tf.constant(9))
tf.print(g, s)
