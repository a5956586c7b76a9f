# The gradient of a broadcasting op whose operands have dims unknown at build time
# (a batch of None). TensorFlow sums dz back to each operand's shape at run time
# (BroadcastGradientArgs); Ingot does the same with sum_to, except where the other
# operand provably cannot enlarge the shape: a bias [3] added to x [?,3] leaves x's
# shape whatever the batch, so x's gradient is dz itself (no sum_to, no shape of x),
# and only the bias's gradient is summed. Two operands both [?,3] are still summed at
# run time, as either could hold one row. The graph shows which sum_to ops remain.
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([None, 3]), tf.TensorSpec([3])])
def bias_grads(x, b):
    with tf.GradientTape() as tape:
        tape.watch([x, b])
        y = tf.reduce_sum(tf.square(x + b) * 0.5)
    return tape.gradient(y, [x, b])


# x [?,1] against y [3]: x's column is broadcast across y, so dx is summed back.
@tf.function(input_signature=[tf.TensorSpec([None, 1]), tf.TensorSpec([3])])
def column_grads(x, y):
    with tf.GradientTape() as tape:
        tape.watch([x, y])
        z = tf.reduce_sum(x * y)
    return tape.gradient(z, [x, y])


# Both unknown: either may be 1 at run time, so both are summed back.
@tf.function(input_signature=[tf.TensorSpec([None]), tf.TensorSpec([None])])
def unknown_grads(a, c):
    with tf.GradientTape() as tape:
        tape.watch([a, c])
        z = tf.reduce_sum(a * c)
    return tape.gradient(z, [a, c])


# A product of matrices broadcasts nothing: its gradients need no sum_to either.
@tf.function(input_signature=[tf.TensorSpec([None, 2]), tf.TensorSpec([2, 3])])
def dense_grads(x, w):
    with tf.GradientTape() as tape:
        tape.watch([x, w])
        y = tf.reduce_sum(tf.matmul(x, w))
    return tape.gradient(y, [x, w])


dx, db = bias_grads(tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]), tf.constant([1.0, 0.0, -1.0]))
tf.print("bias: dx", dx, "db", db)
dx, dy = column_grads(tf.constant([[1.0], [2.0]]), tf.constant([1.0, 2.0, 3.0]))
tf.print("column: dx", dx, "dy", dy)
da, dc = unknown_grads(tf.constant([2.0]), tf.constant([1.0, 2.0, 3.0]))
tf.print("unknown: da", da, "dc", dc)
da, dc = unknown_grads(tf.constant([1.0, 2.0]), tf.constant([3.0, 4.0]))
tf.print("unknown, equal sizes: da", da, "dc", dc)
dx, dw = dense_grads(tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]), tf.ones([2, 3]))
tf.print("dense: dx", dx, "dw", dw)
