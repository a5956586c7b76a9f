# A name first set inside a tensor loop and used after it: an error naming it (TensorFlow
# may infer it from a trial iteration; Ingot asks for a value before the loop).
import tensorflow as tf


@tf.function
def f(n):
    i = tf.constant(0)
    while i < n:
        last = i * 10
        i += 1
    return last


tf.print(f(tf.constant(3)), f(tf.constant(1)))
