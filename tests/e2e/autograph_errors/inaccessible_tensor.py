# A tensor made inside a tensor if branch, kept in a Python list and used outside it.
import tensorflow as tf


@tf.function
def f(x):
    saved = []
    if x > 0:
        y = x * 2
        saved.append(y)
    else:
        pass
    return saved[0] + 1


f(tf.constant(1))
