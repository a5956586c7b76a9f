# Chains of float arithmetic over tensors of one shape and 0-d operands are one loop in
# the graph (elementwise {expr=...}: the compiler's fusion pass, -O1 and up) and print
# what the ops print one by one at -O0 and eagerly. A value read again elsewhere stays.
import tensorflow as tf

m = tf.Variable(tf.fill([2, 3], 0.5))
rate = tf.Variable(0.1)


@tf.function
def momentum(g):
    # an optimizer's update: one loop over m's elements, m's buffer reused
    new_m = m * 0.9 + g * (1.0 - 0.9)
    m.assign(new_m)
    return -new_m * rate


@tf.function
def kept(x, y):
    d = x - y
    return d * d / 2.0, d


@tf.function
def adam_like(w, m, v):
    # sqrt, maximum, minimum, relu and square join the loop too
    step = 0.01 * m / (tf.sqrt(v) + 1e-7)
    return tf.minimum(tf.nn.relu(w - step), 2.0) * tf.square(tf.maximum(m, -0.5))


@tf.function
def scaled(x, gamma, beta):
    # a scale and a bias per column: rows of the last dim, read as x1[c] in the loop
    return tf.nn.relu(x * gamma + beta) - 0.5


@tf.function
def big(x):
    # 2^19 elements: the loop is split across the program's threads
    return tf.reduce_sum(x * 2.0 + 1.0)


@tf.function
def doubles(x):
    for i in tf.range(3):
        x = (x + 1.0) * 2.0 - x / 4.0
    return x


g = tf.constant([[1.0, -2.0, 0.0], [4.0, 0.25, -1.0]])
tf.print(momentum(g))
tf.print(m)
half_square, d = kept(g, tf.ones([2, 3]))
tf.print(half_square, d)
nan = tf.constant([float("nan"), -1.0, 3.0, 0.25])
tf.print(adam_like(tf.constant([0.5, -1.0, 3.0, 1.0]), nan, tf.constant([4.0, 0.0, 1.0, -0.0])))
tf.print(scaled(g, tf.constant([2.0, -1.0, 0.5]), tf.constant([0.0, 1.0, -1.0])))
tf.print(big(tf.fill([1024, 512], 0.5)))
tf.print(doubles(tf.constant([1.0, -3.0], tf.float64)))
