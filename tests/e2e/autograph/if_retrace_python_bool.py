# ingot-test: build-exit=0
# A Python bool argument retraces once per value; a bool tensor argument traces once and runs a cond.
import tensorflow as tf


@tf.function
def step(x, training):
    print("tracing step, training =", training)
    if training:
        x = x * 0.5
    else:
        x = x + 1.0
    return x


x = tf.constant(4.0)
tf.print(step(x, True), step(x, False), step(x, True), step(x, False))
print("python bool traces:", step.experimental_get_tracing_count())

tf.print(step(x, tf.constant(True)), step(x, tf.constant(False)))
print("after tensor calls:", step.experimental_get_tracing_count())
