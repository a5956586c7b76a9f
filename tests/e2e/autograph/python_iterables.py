# enumerate and zip over Python lists unroll at build time; mixed with tensors they still only emit ops.
import tensorflow as tf


@tf.function
def dot(x):
    weights = [1.0, -2.0, 0.5]
    biases = [10.0, 20.0, 30.0]
    total = tf.constant(0.0)
    for i, (w, b) in enumerate(zip(weights, biases)):
        print("unrolled step", i, w, b)
        total = total + x * w + b * i
    return total


tf.print(dot(tf.constant(2.0)))
