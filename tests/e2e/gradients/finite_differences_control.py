# tf.GradientTape through cond and while, against central finite differences in
# float64 (_gradcheck.py). Loop trip counts come from flags, so they are known only
# when the program runs; predicates depend on the inputs.
import tensorflow as tf
import ingot

from _gradcheck import report

steps = ingot.flag("steps", 3, "iterations of the loops")
inner = ingot.flag("inner", 2, "iterations of the inner loops")
none = ingot.flag("none", 0, "a loop that runs no iteration")


def c(value):
    return tf.constant(value, dtype=tf.float64)


M23 = c([[0.5, -1.25, 2.0], [1.5, 0.75, -0.3]])
N23 = c([[0.3, -0.5, 0.75], [-0.4, 0.25, 0.4]])
V3 = c([1.1, -0.6, 0.4])
S = c(0.7)
NS = c(-0.9)
W33 = c([[0.5, -0.2, 0.1], [0.3, 0.4, -0.6], [-0.1, 0.2, 0.3]])


def branch(x, y):
    if tf.reduce_sum(x) > 0.0:
        z = x * y + tf.exp(x)
    else:
        z = x - y * y
    return z


def branch_one_side(x, y):
    # Only one branch depends on y: compiled, the other yields zeros for it (the case
    # where it runs is cond_unconnected.py: eagerly, y's gradient is None there).
    if tf.reduce_sum(x) > 0.0:
        z = tf.tanh(x * y)
    else:
        z = x + 1.0
    return z


def branch_two_outputs(x, y):
    if tf.reduce_mean(y) < 1.0:
        a = x * y
        b = tf.sqrt(y * y + 1.0)
    else:
        a = x + y
        b = y
    return a * b + a


def power(x):
    y = x
    i = 0
    while i < steps:
        y = y * x
        i += 1
    return y


def rnn(h, w, b):
    for _ in tf.range(steps):
        h = tf.tanh(tf.matmul(h, w) + b)
    return h


def no_iteration(x, y):
    z = x * y
    for _ in tf.range(none):
        z = z * z
    return z


def nested(x, y):
    z = x
    for _ in tf.range(steps):
        for _ in tf.range(inner):
            z = z * y + 0.1 * x
    return z


def cond_in_loop(x, y):
    z = x
    for _ in tf.range(steps):
        if tf.reduce_sum(z) > 0.0:
            z = z * y
        else:
            z = z + y * y
    return z


def loop_in_cond(x, y):
    if tf.reduce_sum(x) > 0.0:
        z = x
        for _ in tf.range(steps):
            z = z * y
    else:
        z = x * 2.0 + y
    return z


def reduce_in_loop(x, v):
    # Broadcasting and a reduction in the body: [2,3] against [3], summed per row.
    s = tf.zeros([2], tf.float64)
    t = x
    for _ in tf.range(steps):
        t = t * v
        s = s + tf.reduce_sum(t, axis=1)
    return s


report("cond", branch, [[M23, N23], [-M23 - 2.0, N23], [S, NS], [NS, S]])
report("cond_one_side", branch_one_side, [[M23, N23], [S, NS]])
report("cond_two_outputs", branch_two_outputs, [[M23, N23], [M23, N23 + 2.0]])
report("while_power", power, [[S], [NS], [V3]])
report("while_rnn", rnn, [[N23, W33, V3]])
report("while_no_iteration", no_iteration, [[M23, N23]])
report("while_nested", nested, [[M23, N23], [S, NS]])
report("cond_in_while", cond_in_loop, [[M23, N23], [S, NS], [NS, S]])
report("while_in_cond", loop_in_cond, [[M23, N23], [-M23 - 2.0, N23]])
report("while_broadcast", reduce_in_loop, [[M23, V3]])
