# A loop variable that is None before a tensor loop and not a tensor or number after one iteration.
import tensorflow as tf


@tf.function
def f(n):
    label = None
    for i in tf.range(n):
        label = "seen"
    print(label)
    return n


f(tf.constant(3))
