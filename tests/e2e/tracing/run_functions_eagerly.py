# tf.config.run_functions_eagerly(True) from a point on: later tf.function calls run
# their Python each time (print every call, nothing traced), earlier ones were traced.
import tensorflow as tf


@tf.function
def double(x):
    print("running double's Python")
    return x * 2


tf.print(double(tf.constant(1)))
tf.print(double(tf.constant(2)))
print("traces before:", double.experimental_get_tracing_count())
tf.config.run_functions_eagerly(True)
print("eagerly:", tf.config.functions_run_eagerly())
tf.print(double(tf.constant(3)))
tf.print(double(tf.constant(4)))
print("traces after:", double.experimental_get_tracing_count())
