# Gradients of gradients through loops and conds, against central finite differences
# in float64: each case's function is itself a gradient (an inner tape through a
# tensor loop or branch), and the harness's outer tape differentiates it again, so
# the backward loop and the forward loop's stacks are differentiated in turn.
import tensorflow as tf
import ingot

from _gradcheck import report

steps = ingot.flag("steps", 3, "iterations of the loops")


def c(value):
    return tf.constant(value, dtype=tf.float64)


V3 = c([0.9, -0.6, 0.4])
U3 = c([0.3, 0.5, -0.2])
N23 = c([[0.3, -0.5, 0.75], [-0.4, 0.25, 0.4]])
W33 = c([[0.5, -0.2, 0.1], [0.3, 0.4, -0.6], [-0.1, 0.2, 0.3]])


def grad_of(f):
    def g(*xs):
        with tf.GradientTape() as tape:
            for x in xs:
                tape.watch(x)
            y = tf.reduce_sum(f(*xs) ** 2)
        return tape.gradient(y, xs[0])
    return g


def power(x, u):
    y = x
    for _ in tf.range(steps):
        y = y * x + u
    return y


def rnn(h, w):
    for _ in tf.range(steps):
        h = tf.tanh(tf.matmul(h, w))
    return h


def cond_in_loop(x, u):
    y = x
    for _ in tf.range(steps):
        if tf.reduce_sum(y) > 0.0:
            y = y * x
        else:
            y = y + u * x
    return y


def nested(x, u):
    y = x
    for _ in tf.range(steps):
        for _ in tf.range(2):
            y = y * u + x
    return y


report("second order while", grad_of(power), [[V3, U3]])
report("second order rnn", grad_of(rnn), [[N23, W33]])
# The branch taken changes: else, then then (u is used, so eagerly too it has a gradient).
report("second order cond in while", grad_of(cond_in_loop),
       [[c([-0.5, 0.3, 0.1]), c([0.3, 2.0, -0.2])]])
report("second order nested while", grad_of(nested), [[V3, U3]])
