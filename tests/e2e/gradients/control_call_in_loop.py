# ingot-test: eager-exit=0
# A tf.function called inside a tensor loop that a gradient goes back through: its
# call node has no gradient yet when compiled, so this is a located "not supported
# yet" naming the function and its line, never a None or zero gradient. Eagerly the
# function's ops run on the tape one by one, so the gradient is there.
import tensorflow as tf


@tf.function
def double(a):
    return a * 2.0


x = tf.constant([0.5, 1.5])
n = tf.constant(3)
with tf.GradientTape() as tape:
    tape.watch(x)
    w = x
    for _ in tf.range(n):
        w = double(w)
tf.print(tape.gradient(w, x))
