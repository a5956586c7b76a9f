# A one-million-iteration while loop on scalar tensors: one `while` node whose
# carried tensors are released every iteration (the ASan tree checks for leaks).
import tensorflow as tf


@tf.function
def count_multiples(n):
    i = tf.constant(0)
    hits = tf.constant(0)
    while i < n:
        if i % 7 == 0:
            hits += 1
        i += 1
    return hits


tf.print(count_multiples(tf.constant(1000000)))
