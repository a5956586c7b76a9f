# Cases a review of the control-flow and call gradients found, each once wrong or
# refused and now as TensorFlow has it, in both modes:
# - watching the second output of a tf.function call the tape did not record;
# - a tape inside a tensor loop around a tf.function call (the callee gains results
#   while the call sits in the loop body being built);
# - a cond inside a loop whose values have dims known only at run time (the untaken
#   branch's empty placeholder rows on the loop's stack stand for zeros);
# - tf.custom_gradient functions that read a variable through a tf.function, on the
#   trace's first call and when it is reused, and one nested in another (both see
#   the variable, as every VariableWatcher does).
import tensorflow as tf


@tf.function
def pair(x):
    return x * 2.0, x * 3.0


a, b = pair(tf.constant([1.0, 2.0]))
with tf.GradientTape() as tape:
    tape.watch(b)
    s = tf.reduce_sum(b * b)
tf.print("watched second output:", tape.gradient(s, b))


@tf.function
def f(a):
    return tf.exp(a) * a


x = tf.constant([0.5, 1.5])
total = tf.constant(0.0)
for k in tf.range(2):
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(f(x * tf.cast(k + 1, tf.float32)))
    total += tf.reduce_sum(tape.gradient(y, x))
tf.print("tape in a loop around a call:", tf.round(total * 1000.0) / 1000.0)


@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
def alternating(x):
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = x
        for k in tf.range(4):
            if k % 2 == 0:
                y = tf.exp(y * 0.1) * y
            else:
                y = y + 1.0
        s = tf.reduce_sum(y)
    return s, tape.gradient(s, x)


s, g = alternating(tf.constant([0.5, 1.5]))
tf.print("cond in a loop, dims at run time:", tf.round(s * 1000.0) / 1000.0,
         tf.round(g * 1000.0) / 1000.0)

v = tf.Variable(2.0)


@tf.function
def times_v(x):
    return x * v


@tf.custom_gradient
def through_call(x):
    def grad(dy, variables=None):
        return dy * 10.0, [dy * 100.0]
    return times_v(x), grad


x = tf.constant(3.0)
for i in range(2):
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = through_call(x)
    gx, gv = tape.gradient(y, [x, v])
    tf.print("custom gradient through a call, call", i, ":", gx, gv)


@tf.custom_gradient
def inner(x):
    def grad(dy, variables=None):
        return dy * v, [dy * x]
    return x * v, grad


@tf.custom_gradient
def outer(x):
    def grad(dy, variables=None):
        return dy * 10.0, [dy * 100.0]
    return inner(x) + 1.0, grad


with tf.GradientTape() as tape:
    tape.watch(x)
    y = outer(x)
gx, gv = tape.gradient(y, [x, v])
tf.print("nested custom gradients:", gx, gv)
