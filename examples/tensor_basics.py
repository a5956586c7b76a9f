# A small tensor program: a two-layer network's forward pass on fixed weights,
# traced once into a graph and compiled to native code.
import tensorflow as tf


@tf.function
def dense(x, w, b, activate=True):
    y = tf.matmul(x, w) + b
    return tf.nn.relu(y) if activate else y


@tf.function
def forward(x):
    w1 = tf.constant([[0.5, -1.0, 0.25], [1.5, 0.5, -0.75]])
    b1 = tf.constant([0.1, 0.0, -0.1])
    w2 = tf.constant([[1.0, -1.0], [0.5, 2.0], [-1.0, 1.0]])
    b2 = tf.constant([0.0, 0.5])
    h = dense(x, w1, b1)
    return dense(h, w2, b2, activate=False)


batch = tf.constant([[1.0, 2.0], [-1.0, 0.5], [3.0, -2.0], [0.0, 0.0]])
logits = forward(batch)
print("traced 'forward'", forward.experimental_get_tracing_count(), "time(s);",
      "'dense'", dense.experimental_get_tracing_count(), "time(s)")
tf.print("logits:\n", logits, sep="")
tf.print("row sums:", tf.reduce_sum(logits, axis=1))
tf.print("total:", tf.reduce_sum(logits))
