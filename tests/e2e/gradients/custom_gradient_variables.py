# tf.custom_gradient with variables, as TensorFlow has it: a variable the function
# reads (not an argument) is given to grad_fn as variables=, and grad_fn returns
# (input gradients, variable gradients); a variable passed as an argument is an
# input like a tensor, whose gradient grad_fn returns in its place. The factors 10,
# 100, 3 and 7 show that the custom rules, not the ops' own, were used.
import tensorflow as tf

v = tf.Variable(2.0)
w = tf.Variable(5.0)


@tf.custom_gradient
def times_v(x):
    def grad(dy, variables=None):
        return dy * v * 10.0, [dy * x * 100.0]
    return x * v, grad


@tf.custom_gradient
def scale(x, s):
    def grad(dy):
        return dy * s * 3.0, dy * x * 7.0
    return x * s, grad


x = tf.constant(3.0)
with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    y = times_v(x)
    z = scale(x, v) + w
gy = tape.gradient(y, [x, v])
gz = tape.gradient(z, [x, v, w])
tf.print("d times_v / dx, dv:", gy[0], gy[1])
tf.print("d (scale + w) / dx, dv, dw:", gz[0], gz[1], gz[2])
