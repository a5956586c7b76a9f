# Gradients of variables read inside a loop and a branch (a small recurrent net
# with a trip count known only at run time, then a branch on its state), against
# the same computation with the loop unrolled in Python, where no while or cond is
# built. Then a few SGD steps through the loop lower the loss.
import tensorflow as tf
import ingot

steps = ingot.flag("steps", 3, "recurrent steps")

w = tf.Variable([[0.5, -0.3], [0.2, 0.4]])
b = tf.Variable([0.1, -0.2])
scale = tf.Variable(1.5)
x = tf.constant([[1.0, 2.0], [-0.5, 0.25]])


def head(h):
    if tf.reduce_sum(h) > 0.0:
        return tf.reduce_sum(h * h) * scale
    return tf.reduce_sum(h) * scale * scale


def loss_in_loop():
    h = x
    for _ in tf.range(steps):
        h = tf.tanh(tf.matmul(h, w) + b)
    return head(h)


def loss_unrolled():
    h = x
    for _ in range(3):
        h = tf.tanh(tf.matmul(h, w) + b)
    s = tf.reduce_sum(h)
    return tf.reduce_sum(h * h) * scale if s > 0.0 else s * scale * scale


with tf.GradientTape() as tape:
    loss = loss_in_loop()
grads = tape.gradient(loss, [w, b, scale])
with tf.GradientTape() as tape:
    loss_ref = loss_unrolled()
grads_ref = tape.gradient(loss_ref, [w, b, scale])
tf.print("loss", tf.round(loss * 1e4) / 1e4)
for name, g, r in zip(["w", "b", "scale"], grads, grads_ref):
    tf.print(name, "matches the unrolled loop:", tf.reduce_max(tf.abs(g - r)) < 1e-5)

opt = tf.keras.optimizers.SGD(0.1)


@tf.function
def train_step():
    with tf.GradientTape() as tape:
        loss = loss_in_loop()
    opt.apply_gradients(zip(tape.gradient(loss, [w, b, scale]), [w, b, scale]))
    return loss


first = train_step()
last = first
for _ in tf.range(20):
    last = train_step()
tf.print("loss went down:", last < first)
