# A tensor `if` without else: the variable keeps its value when the condition is false.
import tensorflow as tf


@tf.function
def bump(x, n):
    y = x
    if n > 2:
        y = y + 100
    return y


tf.print(bump(tf.constant(1), tf.constant(5)), bump(tf.constant(1), tf.constant(2)))
