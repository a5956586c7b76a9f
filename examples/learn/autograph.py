# §2.3 AutoGraph: a Python `if` on a tensor is converted to a graph cond, so the
# compiled graph holds both branches and chooses at run time.
import tensorflow as tf


@tf.function
def abs_value(x):
    if x > 0:
        return x
    else:
        return -x


tf.print(abs_value(tf.constant(3.0)))
tf.print(abs_value(tf.constant(-2.0)))  # the same graph, the other branch
print("traces:", abs_value.experimental_get_tracing_count())
