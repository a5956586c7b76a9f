# for/else over tf.range: the else runs only when no break happened; also for/else on a Python list.
import tensorflow as tf


@tf.function
def first_square_above(n, limit):
    r = tf.constant(-1)
    for i in tf.range(n):
        if i * i > limit:
            r = i
            break
    else:
        r = tf.constant(0)
    return r


@tf.function
def python_for_else(x):
    for k in [1, 2, 3]:
        x = x + k
    else:
        print("python for/else: else ran")
        x = x * 10
    return x


tf.print(first_square_above(tf.constant(10), tf.constant(20)), first_square_above(tf.constant(4), tf.constant(20)))
tf.print(python_for_else(tf.constant(1)))
