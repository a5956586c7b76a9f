# A non-persistent tape gives one set of gradients: a second tape.gradient call
# raises TensorFlow's RuntimeError, which the script catches before going on. The
# call is Python, so compiled the error is raised while tracing, at build time: at
# the top level and inside a tf.function's trace alike.
import tensorflow as tf

x = tf.constant(3.0)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = x * x
    z = y * y
tf.print("first call, dz/dx:", tape.gradient(z, x))
try:
    tape.gradient(y, x)
    print("second call: no error")
except RuntimeError as e:
    print("RuntimeError:", e)


@tf.function
def square_grad(t):
    with tf.GradientTape() as tape:
        tape.watch(t)
        s = t * t
    g = tape.gradient(s, t)
    try:
        tape.gradient(s, t)
        print("second call in tf.function: no error")
    except RuntimeError as e:
        print("in tf.function, RuntimeError:", e)
    return g


tf.print("tf.function, d(t*t)/dt at 5:", square_grad(tf.constant(5.0)))
tf.print("done")
