# ingot-test: build-exit=0
# A Python int loop bound retraces per value and unrolls; a tensor bound traces once into a while node.
import tensorflow as tf


@tf.function
def power(x, n):
    print("tracing power with n =", n)
    r = tf.constant(1)
    for _ in range(n):
        r = r * x
    return r


tf.print(power(tf.constant(2), 3), power(tf.constant(2), 5))
print("python n:", power.experimental_get_tracing_count())
tf.print(power(tf.constant(2), tf.constant(10)), power(tf.constant(3), tf.constant(4)))
print("after tensor n:", power.experimental_get_tracing_count())
