# tf.print(..., output_stream=sys.stdout | sys.stderr): where the program writes each
# line when it runs, in a tf.function and at the top level, compiled and eagerly
# alike (ingot's default is standard output; TensorFlow's is sys.stderr).
import sys

import tensorflow as tf


@tf.function
def report(v):
    tf.print("to stderr:", v, output_stream=sys.stderr)
    tf.print("to stdout:", v * 2, output_stream=sys.stdout)
    return v + 1


x = report(tf.constant([1, 2]))
tf.print("default:", x)
tf.print("top level", x, sep=", ", end=".\n", output_stream=sys.stderr)
print("built, tf.print to", sys.stderr)
