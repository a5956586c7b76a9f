# list.append of a loop tensor inside a tensor for loop, then reading the list after the loop.
import tensorflow as tf


@tf.function
def f(n):
    out = []
    for i in tf.range(n):
        out.append(i * 2)
    return out[0]


f(tf.constant(3))
