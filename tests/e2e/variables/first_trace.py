# Variables made at top level and on a tf.function's first trace: the initial
# values are hoisted into the program's init, so each variable is created once and
# keeps its value across calls.
import tensorflow as tf

scale = tf.Variable(2.0, name="scale")

@tf.function
def step(x):
    acc = tf.Variable(10.0, name="acc")   # first trace only: allowed
    acc.assign_add(x * scale)
    return acc.read_value()

tf.print(step(tf.constant(1.0)))
tf.print(step(tf.constant(2.0)))
scale.assign(0.5)
tf.print(step(tf.constant(4.0)))

# TensorFlow's accepted pattern: create on the first call, reuse afterwards, so
# retracing with another signature makes no new variable.
state = {"v": None}

@tf.function
def running_sum(x):
    if state["v"] is None:
        state["v"] = tf.Variable(tf.zeros([2]))
    state["v"].assign_add(tf.reduce_sum(x) * tf.ones([2]))
    return state["v"].value()

tf.print(running_sum(tf.constant([1.0, 2.0])))
tf.print(running_sum(tf.constant([[1.0], [1.0], [1.0]])))
print("traces:", running_sum.experimental_get_tracing_count())
