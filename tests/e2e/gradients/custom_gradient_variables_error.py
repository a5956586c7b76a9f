# ingot-test: eager-exit=1
# A tf.custom_gradient function that reads a variable, whose grad_fn takes no
# variables= keyword: the gradient call fails with Python's TypeError for it (TensorFlow
# refuses such a grad_fn too), never a gradient that leaves the variable out.
import tensorflow as tf

v = tf.Variable(2.0)


@tf.custom_gradient
def f(x):
    def grad(dy):
        return dy * v
    return x * v, grad


x = tf.constant(3.0)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = f(x)
tf.print(tape.gradient(y, x))
