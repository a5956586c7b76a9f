# A tensor-dependent return inside a tensor loop leaves the return value undefined before the loop.
import tensorflow as tf


@tf.function
def index_of(v, target):
    result = tf.constant(-1)
    i = tf.constant(0)
    n = tf.shape(v)[0]
    while i < n:
        if v[i] == target:
            return i
        i += 1
    return result


v = tf.constant([4, 8, 15, 16, 23, 42])
tf.print(index_of(v, tf.constant(16)), index_of(v, tf.constant(4)), index_of(v, tf.constant(5)))
