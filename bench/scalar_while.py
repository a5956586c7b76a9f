# bench: max-seconds=10 max-rss-mb=16
# Two million iterations of a scalar-tensor while loop (one `while` node): the
# per-iteration cost of carried tensors and the memory staying flat.
import tensorflow as tf


@tf.function
def collatz_total(limit):
    n = tf.constant(1, tf.int64)      # trajectories pass 2**31: int64, not int32
    total = tf.constant(0, tf.int64)
    i = tf.constant(0)
    while i < limit:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        if n == 1:
            n = tf.cast(i, tf.int64) + 2
        total += n % 3
        i += 1
    return total


tf.print(collatz_total(tf.constant(2000000)))
