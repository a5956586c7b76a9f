# tf.custom_gradient: the decorated function returns its result and the function
# giving its gradient, which tapes use instead of differentiating its ops. Checked
# with TensorFlow's documented examples: a numerically stable log(1 + e^x), whose
# plain gradient at x = 100 would be nan; a gradient clipped in the backward pass
# only; and a two-argument function, inside a tf.function too.
import tensorflow as tf


@tf.custom_gradient
def log1pexp(x):
    e = tf.exp(x)

    def grad(upstream):
        return upstream * (1 - 1 / (1 + e))
    return tf.math.log(1 + e), grad


x = tf.constant(100.0)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = log1pexp(x)
tf.print("d log1pexp(x) at 100:", tape.gradient(y, x))


@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.clip_by_value(upstream, -1.0, 1.0)
    return tf.identity(x), grad


v = tf.constant([2.0, -3.0])
with tf.GradientTape() as tape:
    tape.watch(v)
    z = tf.reduce_sum(clip_gradient(v) * tf.constant([5.0, 0.5]))
tf.print("clipped upstream:", tape.gradient(z, v))


@tf.custom_gradient
def scaled_product(a, b):
    def grad(upstream):
        return upstream * b * 10.0, None
    return a * b, grad


@tf.function
def both(a, b):
    with tf.GradientTape() as tape:
        tape.watch([a, b])
        p = scaled_product(a, b)
    return tape.gradient(p, [a, b])


ga, gb = both(tf.constant(3.0), tf.constant(4.0))
tf.print("custom a:", ga, "b gets none:", gb is None)
