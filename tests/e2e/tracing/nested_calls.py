# tf.functions calling tf.functions and plain Python helpers.
import tensorflow as tf


def affine(x, w, b):
    # A plain Python function is inlined into whatever traces it.
    return tf.matmul(x, w) + b


@tf.function
def layer(x, w, b):
    return tf.nn.relu(affine(x, w, b))


@tf.function
def model(x, w1, b1, w2, b2):
    h = layer(x, w1, b1)
    return layer(h, w2, b2), tf.reduce_sum(h)


x = tf.constant([[1.0, -2.0], [3.0, 4.0]])
w1 = tf.constant([[1.0, 0.5, -1.0], [0.0, 1.0, 2.0]])
b1 = tf.constant([0.1, 0.2, 0.3])
w2 = tf.constant([[1.0], [-1.0], [0.5]])
b2 = tf.constant([0.25])
out, total = model(x, w1, b1, w2, b2)
tf.print("out:", out)
tf.print("total:", total)
print("model traces:", model.experimental_get_tracing_count())
print("layer traces:", layer.experimental_get_tracing_count())
