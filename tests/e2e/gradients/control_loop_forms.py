# Gradients through the loop forms a training script writes: a tensor loop left by
# `break`, a variable assigned and read in every iteration (each read is kept, so
# the gradient sees the value of that iteration), and a tape opened inside a loop
# body with a loop of its own inside it (a trip count that changes per outer step).
# Values are printed to 3 decimals: compiled, the backward loop adds a variable's
# per-iteration gradients in reverse order, eagerly in forward order.
import tensorflow as tf


def r(t):
    return tf.round(t * 1000.0) / 1000.0


x = tf.constant([0.5, 1.5, -0.3])
n = tf.constant(10)
v = tf.Variable([1.0, 2.0, 3.0])
with tf.GradientTape() as tape:
    tape.watch(x)
    y = x
    i = tf.constant(0)
    while i < n:
        y = y * x + v
        v.assign_add(tf.ones([3]))
        if tf.reduce_sum(y) > 50.0:
            break
        i += 1
    s = tf.reduce_sum(y)
g = tape.gradient(s, [x, v])
tf.print("left at", i, "y", r(y))
tf.print("d/dx", r(g[0]), "d/dv", r(g[1]))

total = tf.constant(0.0)
for k in tf.range(3):
    with tf.GradientTape() as inner:
        inner.watch(x)
        z = x
        for _ in tf.range(k):
            z = z * 1.5 + x
        s = tf.reduce_sum(z * z)
    total += tf.reduce_sum(inner.gradient(s, x))
tf.print("sum of the three gradients", r(total))
