# A tf.function called inside a tensor loop that a gradient goes back through: the
# backward loop calls the function's backward once per iteration, reading the
# values the forward calls exported from the stacks. Eagerly the function's ops
# run on the tape one by one. d/dx of 2^3 x is 8.
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
