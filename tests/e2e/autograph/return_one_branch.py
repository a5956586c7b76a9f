# return in one branch of a tensor if: the code after the if moves into the other branch.
import tensorflow as tf


@tf.function
def safe_div(a, b):
    if b == 0.0:
        return tf.constant(0.0)
    q = a / b
    q = q + 1.0
    return q


tf.print(safe_div(tf.constant(6.0), tf.constant(3.0)), safe_div(tf.constant(6.0), tf.constant(0.0)))
print(tf.autograph.to_code(safe_div))
