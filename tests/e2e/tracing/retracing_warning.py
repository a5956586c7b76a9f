# ingot-test: build-exit=0
# Five traces in the last ten calls from the top level: TensorFlow's retracing
# warning (at most twice per function), here at the call's line.
import tensorflow as tf


@tf.function
def square(x):
    return x * x


for n in range(1, 7):
    tf.print(square(tf.range(n)))
print("traces:", square.experimental_get_tracing_count())
