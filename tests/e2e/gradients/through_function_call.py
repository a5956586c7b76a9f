# A tape outside a tf.function, differentiating through a call of it: compiled, the
# call is one node, and its backward is a call of a function built from the callee's
# body (--emit=graph shows both: cube__1 now also returns x*x, which cube_grad__1
# reads). Eagerly the function's ops run in the caller (run_functions_eagerly).
import tensorflow as tf


@tf.function
def cube(x):
    return x * x * x


x = tf.constant(2.0)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = cube(x)
tf.print(tape.gradient(y, x))
