# The leak test's program (run_leak.py runs it under valgrind): a tf.while_loop whose
# body makes and drops tensors every iteration (matmul, elementwise ops, a reduction)
# and updates a variable, then tf.print. Every tensor it makes must be released.
import tensorflow as tf

w = tf.Variable([[0.5, -0.25], [0.25, 0.5]], name="w")
total = tf.Variable(0.0, name="total")


@tf.function
def step(i, x):
    y = tf.nn.relu(tf.matmul(x, w) + 0.125)
    total.assign_add(tf.reduce_sum(y))
    return i + 1, y


@tf.function
def run(x, n):
    return tf.while_loop(lambda i, x: i < n, step, (tf.constant(0), x))


i, x = run(tf.constant([[1.0, 2.0], [3.0, 4.0]]), tf.constant(20))
tf.print("iterations:", i)
tf.print("x:", x)
tf.print("total:", total)
tf.print("sums:", tf.reduce_sum(x, axis=0), tf.reduce_sum(x * x, axis=1))
