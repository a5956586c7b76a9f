# A list that holds itself has no end to flatten into a tf.function's trace key: a
# located RecursionError (as Python's nest would give), not a crash.
import tensorflow as tf


@tf.function
def first(x, xs):
    return x


items = [1]
items.append(items)
tf.print(first(tf.constant(1.0), items))
