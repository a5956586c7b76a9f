# 0-d float tensors as C scalars: float32 arithmetic rounds to float32 at every
# step (the sum of 0.1 ten times is not 1), floor division and modulo take the
# divisor's sign, pow and select as the kernels compute them.
import tensorflow as tf


@tf.function
def tenth_sum(step):
    total = step * 0.0
    i = tf.constant(0)
    while i < 10:
        total += step
        i += 1
    return total


@tf.function
def floats(a, b):
    return tf.stack([a // b, a % b, a / b, a ** b, -a, tf.where(a > b, a, b)])


total = tenth_sum(tf.constant(0.1))
tf.print(total == 1.0, total * 1e7 - 1e7)   # float32: 1.0000001, 1 ulp above
tf.print(tenth_sum(tf.constant(0.1, tf.float64)) == 1.0)
for a, b in [(7.5, 2.0), (-7.5, 2.0), (7.5, -2.0)]:
    tf.print(floats(tf.constant(a), tf.constant(b)))
tf.print(floats(tf.constant(2.0, tf.float64), tf.constant(0.5, tf.float64)))
# The negation of a negative literal (C's "--1.5f" would be a decrement).
tf.print(-tf.constant(-1.5), -tf.constant(-2), -tf.constant(-2.5, tf.float64))
