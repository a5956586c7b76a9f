# An early tensor-dependent return before a tensor loop: the loop and final return move into the else branch.
import tensorflow as tf


@tf.function
def digits(n):
    if n <= 0:
        return tf.constant(0)
    count = tf.constant(0)
    while n > 0:
        n = n // 10
        count += 1
    return count


tf.print(digits(tf.constant(0)), digits(tf.constant(7)), digits(tf.constant(12345)), digits(tf.constant(-5)))
