# 0-d integer tensors computed as C scalars (emit_scalar.h) keep TensorFlow's
# semantics: floor division and modulo of negatives, wrapping on overflow, casts
# from floats truncating toward zero, NaN and out-of-range floats to INT_MIN.
import tensorflow as tf


@tf.function
def arithmetic(a, b):
    return tf.stack([a // b, a % b, -a, a * b, a - b, a + b])


@tf.function
def wraps(x):
    # Doubling past 2**31 (2**63) wraps around to negative, as TensorFlow's kernels do.
    i = tf.constant(0)
    while i < 2:
        x = x * 2 + 1
        i += 1
    return x


@tf.function
def casts(f):
    return tf.stack([tf.cast(f, tf.int32), tf.cast(f * -1.0, tf.int32)])


@tf.function
def comparisons(a, b):
    return tf.stack([a < b, a <= b, a > b, a >= b, a == b, a != b,
                     tf.logical_and(a < b, b > 0), tf.logical_or(a > b, b < 0),
                     tf.logical_not(a < b)])


for a, b in [(7, 2), (-7, 2), (7, -2), (-7, -2), (0, 5)]:
    tf.print(a, b, arithmetic(tf.constant(a), tf.constant(b)))
tf.print(arithmetic(tf.constant(-9, tf.int64), tf.constant(4, tf.int64)))
tf.print(wraps(tf.constant(1 << 29)))
tf.print(wraps(tf.constant(1 << 61, tf.int64)))
tf.print(arithmetic(tf.constant(-2147483648), tf.constant(-1)))
for f in [2.7, -2.7, 0.5, 1e10]:
    tf.print(casts(tf.constant(f)))
tf.print(casts(tf.constant(float("nan"))))
tf.print(comparisons(tf.constant(3), tf.constant(4)), summarize=-1)
tf.print(comparisons(tf.constant(4.0), tf.constant(-4.0)), summarize=-1)
