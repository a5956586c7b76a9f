# tf.autograph.to_code(abs_value) prints the converted source at build time.
import tensorflow as tf


@tf.function
def abs_value(x):
    if x > 0:
        return x
    else:
        return -x


print(tf.autograph.to_code(abs_value))
tf.print(abs_value(tf.constant(-7)))
