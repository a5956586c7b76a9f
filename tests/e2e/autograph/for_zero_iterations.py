# Zero-iteration for loops: an empty tf.range, range() of a zero tensor, and an empty Python list.
import tensorflow as tf


@tf.function
def f(n, x):
    for i in tf.range(n):
        x = x + 1.0
    for i in range(n, n):
        x = x + 10.0
    for k in []:
        print("never printed")
        x = x * 100.0
    return x


tf.print(f(tf.constant(0), tf.constant(2.5)), f(tf.constant(3), tf.constant(2.5)))
