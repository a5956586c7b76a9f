# The seed article's abs_value, unchanged: a tensor `if` with a return in each branch is one cond node.
import tensorflow as tf


@tf.function
def abs_value(x):
    if x > 0:
        return x
    else:
        return -x


tf.print(abs_value(tf.constant(3.5)), abs_value(tf.constant(-2.0)), abs_value(tf.constant(0.0)))
print(abs_value.experimental_get_tracing_count())
