# continue in a tensor for: the odd numbers are skipped; the sum counts only even ones.
import tensorflow as tf


@tf.function
def even_sum(n):
    s = tf.constant(0)
    skipped = tf.constant(0)
    for i in tf.range(n):
        if i % 2 == 1:
            skipped += 1
            continue
        s += i
    return s, skipped


s, k = even_sum(tf.constant(11))
tf.print(s, k)
