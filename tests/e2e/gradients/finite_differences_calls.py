# Gradients through calls of tf.functions (the call is one node; its backward is a
# function built from the callee's body), against finite differences in float64:
# a plain call, a function called twice, a function calling another, a function
# with a cond and a loop inside, and a call inside a tensor loop.
import tensorflow as tf
import ingot

from _gradcheck import report

steps = ingot.flag("steps", 3, "iterations of the loops")


def c(value):
    return tf.constant(value, dtype=tf.float64)


M23 = c([[0.5, -1.25, 2.0], [1.5, 0.75, -0.3]])
N23 = c([[0.3, -0.5, 0.75], [-0.4, 0.25, 0.4]])
W32 = c([[0.2, -0.7], [1.1, 0.4], [-0.3, 0.9]])


@tf.function
def layer(x, w):
    return tf.tanh(tf.matmul(x, w))


@tf.function
def inner(x, y):
    return x * tf.exp(y)


@tf.function
def outer(x, y):
    return inner(x, y) + inner(y, x) * x


@tf.function
def branchy(x, y):
    if tf.reduce_sum(x) > 0.0:
        z = x * y
    else:
        z = x - y
    for _ in tf.range(steps):
        z = z * 0.5 + y
    return z


@tf.function
def twice(x, y):
    return x * y


report("call", layer, [[M23, W32]])
report("call twice", lambda x, y: twice(x, y) + twice(y, x * x), [[M23, N23]])
report("call in a call", outer, [[M23, N23]])
report("call with cond and while", branchy, [[M23, N23], [-M23 - 2.0, N23]])


def loop_of_calls(x, y):
    z = x
    for _ in tf.range(steps):
        z = inner(z, y) * 0.5
    return z


report("call in a loop", loop_of_calls, [[M23, N23]])
