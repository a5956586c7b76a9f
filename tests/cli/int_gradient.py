# A warning eager mode gives too: an integer tensor takes no gradient
# (-Wnon-float-gradient).
import tensorflow as tf

n = tf.constant(3)
with tf.GradientTape() as tape:
    tape.watch(n)
    m = n * n
print("gradient:", tape.gradient(m, n))
