# A tape outside a tf.function, differentiating through a call of it: compiled, the
# call is one op whose gradient would need the function's own backward, which Ingot
# does not build yet, so it is a located "not supported yet". Eagerly the function's
# ops run in the caller (run_functions_eagerly), so the gradient is there.
import tensorflow as tf


@tf.function
def cube(x):
    return x * x * x


x = tf.constant(2.0)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = cube(x)
tf.print(tape.gradient(y, x))
