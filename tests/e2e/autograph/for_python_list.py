# A for over a Python list, tuple or range unrolls: the build-time prints show every iteration.
import tensorflow as tf


@tf.function
def weighted(x):
    total = tf.constant(0.0)
    for w in [0.5, 2.0, 4.0]:
        print("unrolling list item", w)
        total = total + x * w
    for k in (1, 2):
        print("unrolling tuple item", k)
        total = total + k
    for i in range(3):
        print("unrolling range item", i)
        total = total - 1.0
    return total


tf.print(weighted(tf.constant(2.0)))
