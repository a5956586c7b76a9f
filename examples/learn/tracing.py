# §2.1 Tracing: tf.function does not compile the Python, it runs it once with symbolic
# tensors and records the operations it meets as a graph. `print` is Python: it runs
# while tracing, not when the graph runs.
import tensorflow as tf


@tf.function
def compute(x):
    print("Tracing!")  # runs only while tracing
    y = x * 2
    z = tf.add(y, 1)
    return z


result1 = compute(tf.constant(3.0))  # the first call traces: prints Tracing!
result2 = compute(tf.constant(5.0))  # the same signature: the graph is reused
result3 = compute(tf.ones([3, 4]))   # a new shape: a second trace
tf.print(result1, result2)
tf.print(result3)
print("traces:", compute.experimental_get_tracing_count())
