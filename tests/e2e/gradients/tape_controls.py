# The tape's controls: stop_recording() leaves the ops of its block off the tape,
# reset() forgets everything recorded so far, watched_variables() lists the
# variables it watches; and a custom_gradient function returning the wrong number
# of gradients is TensorFlow's ValueError.
import tensorflow as tf

x = tf.constant(3.0)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = x * x
    with tape.stop_recording():
        z = y * 10.0              # not recorded: no gradient reaches x through z
    total = y + z
tf.print("d(y + z)/dx with z made while paused:", tape.gradient(total, x))

with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    first = x * x * x
    tape.reset()                  # forget x*x*x and the watch
    tape.watch(x)
    second = x * 4.0
print("after reset, the old target:", tape.gradient(first, x))
tf.print("after reset, a new one:", tape.gradient(second, x))

a = tf.Variable(1.0, name="a")
b = tf.Variable(2.0, name="b")
frozen = tf.Variable(5.0, trainable=False, name="frozen")
with tf.GradientTape() as tape:
    loss = a * b + frozen
print("watched:", [v.name for v in tape.watched_variables()],
      "the variables themselves:", tape.watched_variables()[0] is a)
c = tf.Variable(0.5)
with tf.GradientTape() as tape:
    loss = c * 2.0
print("an unnamed one:", [v.name for v in tape.watched_variables()])


@tf.custom_gradient
def wrong(u, w):
    def grad(upstream):
        return upstream          # one gradient for two arguments
    return u * w, grad


with tf.GradientTape() as tape:
    tape.watch([x, x])
    p = wrong(x, tf.constant(2.0))
try:
    tape.gradient(p, x)
except ValueError as e:
    print("ValueError:", e)
