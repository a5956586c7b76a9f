# A cond whose branch that runs does not use the watched tensor: compiled, the
# gradient is zeros (the backward cond yields zeros for it, as TensorFlow's cond_v2
# does); eagerly only the branch taken is recorded, so the gradient is None, as in
# TensorFlow's eager mode. UnconnectedGradients.ZERO gives zeros in both.
import tensorflow as tf

x = tf.constant([-1.0, -2.0])
y = tf.constant([3.0, 4.0])
with tf.GradientTape(persistent=True) as tape:
    tape.watch(y)
    if tf.reduce_sum(x) > 0.0:
        z = x * y
    else:
        z = x + 1.0
g = tape.gradient(z, y)
print("None" if g is None else "a tensor")
if g is not None:
    tf.print(g)
tf.print(tape.gradient(z, y, unconnected_gradients=tf.UnconnectedGradients.ZERO))
