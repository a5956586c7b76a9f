# ingot-test: build-exit=0
# §4.2 Graph and eager disagree: a Python side effect runs while tracing only. The
# global counter is incremented once, at the trace, and the graph keeps its value;
# the tf.Variable is incremented by the graph on every call.
import tensorflow as tf

counter = 0


@tf.function
def increment(x):
    global counter
    counter += 1
    return x + counter


v = tf.Variable(0, dtype=tf.int32)


@tf.function
def increment_variable(x):
    v.assign_add(1)
    return x + v


for _ in range(3):
    tf.print("python counter:", increment(tf.constant(1)),
             " variable:", increment_variable(tf.constant(1)))
