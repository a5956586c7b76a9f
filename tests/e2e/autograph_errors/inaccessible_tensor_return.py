# A tensor made inside a tensor if branch, kept in a Python list and returned: the error points at the return.
import tensorflow as tf


@tf.function
def f(x):
    saved = []
    if x > 0:
        saved.append(x * 2)
    return saved[0]


f(tf.constant(1))
