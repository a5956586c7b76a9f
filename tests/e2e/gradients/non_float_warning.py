# ingot-test: build-exit=0
# Integer tensors take no gradient: TensorFlow logs a warning and gives None, and so
# does Ingot, as a build warning (-Wno-non-float-gradient silences it), for a watched
# integer tensor, an integer target and an integer source.
import tensorflow as tf

n = tf.constant(3)
x = tf.constant(2.0)
with tf.GradientTape(persistent=True) as tape:
    tape.watch(n)
    tape.watch(x)
    m = n * n
    y = x * tf.cast(n, tf.float32)
print("integer source:", tape.gradient(y, n))
print("integer target:", tape.gradient(m, x))
tf.print("float source still fine:", tape.gradient(y, x))
