# tf.GradientTape against central finite differences, in float64, for the ops that
# move or mix elements: softmax and log_softmax (last axis and axis=0), matmul
# (plain, transpose_a, transpose_b, both, and a batch broadcast), reduce_sum and
# reduce_mean (axis None, 0, 1, -1, keepdims), reduce_max and reduce_min, reshape,
# transpose (2-D and 3-D with a perm), expand_dims, squeeze, gather, indexing,
# slicing, concat, tile, the fused cross-entropies (sparse and dense softmax,
# sigmoid: logits and labels), and cast between
# float32 and float64 (eps and tolerance 1e-3 there: float32 has too few digits for
# 1e-6).
# Shapes include size-1 dimensions ([1,3], [3,1], [2,1,3]) and a scalar where the op
# takes one.
# One line per op and variant, "NAME ok: 1"; a gradient that is None or of the
# wrong shape or dtype also prints a build-time line naming it.
import tensorflow as tf

from _gradcheck import report


def c(value):
    return tf.constant(value, dtype=tf.float64)


M23 = c([[0.5, -1.25, 2.0], [1.5, 0.75, -0.3]])
M32 = c([[1.2, -0.4], [2.6, 0.35], [-0.9, 1.7]])
# Two inputs are never one tensor: the gradient with respect to a tensor used twice
# is the sum over both uses, which perturbing one argument would not measure.
K32 = c([[0.7, 1.9], [-1.3, 0.45], [2.2, -0.15]])
N23 = c([[1.0, -0.5, 1.75], [-1.1, 0.25, 0.4]])
V3 = c([1.1, -0.6, 2.4])
V4 = c([0.3, -1.2, 2.1, 0.8])
R12 = c([[0.6, -1.4]])
R13 = c([[0.2, 1.3, -2.2]])
C21 = c([[0.9], [-1.7]])
C31 = c([[-0.8], [0.4], [1.1]])
S = c(0.7)
T123 = c([[[0.5, -1.0, 1.5], [2.0, -0.25, 0.75]]])
T213 = c([[[0.3, 1.1, -0.6]], [[-1.9, 0.45, 1.25]]])

# softmax and log_softmax: a [3,1] row of one element has softmax 1 whatever it
# is, so its gradient is exactly zero.
report("softmax", tf.nn.softmax, [[M23], [V4], [R13], [C31]])
report("softmax axis=0", lambda x: tf.nn.softmax(x, axis=0), [[M23], [C31]])
report("log_softmax", tf.nn.log_softmax, [[M23], [V4], [R13], [C31]])
report("log_softmax axis=0", lambda x: tf.nn.log_softmax(x, axis=0), [[M23], [C31]])

# matmul: [2,3]x[3,2], [1,3]x[3,2], [3,1]x[1,2] (inner dimension 1).
report("matmul", tf.matmul, [[M23, M32], [R13, M32], [C31, R12]])
report("matmul transpose_a", lambda a, b: tf.matmul(a, b, transpose_a=True),
       [[M32, K32], [R12, R13], [M23, N23]])
report("matmul transpose_b", lambda a, b: tf.matmul(a, b, transpose_b=True),
       [[M23, N23], [C31, C21], [R13, M23]])
report("matmul transpose_a transpose_b",
       lambda a, b: tf.matmul(a, b, transpose_a=True, transpose_b=True),
       [[M32, M23], [R13, C21], [M23, M32]])
report("matmul @", lambda a, b: a @ b, [[M23, M32]])
# A batch of two [1,3] matrices times one [3,2]: b's gradient sums over the batch.
report("matmul batch broadcast", tf.matmul, [[T213, M32]])

# Reductions: each reduced gradient is broadcast back over the reduced axes.
for op_name, op in [("reduce_sum", tf.reduce_sum), ("reduce_mean", tf.reduce_mean)]:
    report(op_name, lambda x: op(x), [[M23], [C31], [V3], [S]])
    report(op_name + " axis=0", lambda x: op(x, axis=0), [[M23], [R13], [C31], [V3]])
    report(op_name + " axis=1", lambda x: op(x, axis=1), [[M23], [C31], [R13]])
    report(op_name + " axis=-1", lambda x: op(x, axis=-1), [[T213], [V3]])
    report(op_name + " axis=[0, 2]", lambda x: op(x, axis=[0, 2]), [[T213], [T123]])
    report(op_name + " axis=0 keepdims", lambda x: op(x, axis=0, keepdims=True), [[M23], [C31]])
    report(op_name + " axis=1 keepdims", lambda x: op(x, axis=1, keepdims=True), [[M23], [R13]])
    report(op_name + " keepdims", lambda x: op(x, keepdims=True), [[M23], [T213]])

# reduce_max / reduce_min: the gradient goes to the extreme element (no ties here;
# tape_semantics.py shares one among tied elements).
for op_name, op in [("reduce_max", tf.reduce_max), ("reduce_min", tf.reduce_min)]:
    report(op_name, lambda x: op(x), [[M23], [V3]])
    report(op_name + " axis=0", lambda x: op(x, axis=0), [[M23], [C31]])
    report(op_name + " axis=1 keepdims", lambda x: op(x, axis=1, keepdims=True), [[M23], [T213]])

# Shapes: the gradient is the upstream one moved back into the input's layout.
report("reshape [3, 2]", lambda x: tf.reshape(x, [3, 2]), [[M23], [T123]])
report("reshape [-1]", lambda x: tf.reshape(x, [-1]), [[M23], [C31], [T213]])
report("reshape [1, 1]", lambda x: tf.reshape(x, [1, 1]), [[S]])
report("transpose", tf.transpose, [[M23], [R13], [C31]])
report("transpose perm=[2, 0, 1]", lambda x: tf.transpose(x, perm=[2, 0, 1]), [[T123], [T213]])
report("transpose perm=[1, 0, 2]", lambda x: tf.transpose(x, perm=[1, 0, 2]), [[T213]])
report("expand_dims axis=0", lambda x: tf.expand_dims(x, 0), [[M23], [V3], [S]])
report("expand_dims axis=-1", lambda x: tf.expand_dims(x, -1), [[M23], [V3]])
report("squeeze", tf.squeeze, [[C31], [R13], [T213]])
report("squeeze axis=1", lambda x: tf.squeeze(x, axis=1), [[T213], [C31]])

# gather: rows (repeated, so their gradients add up) and columns; an integer index.
report("gather rows", lambda x: tf.gather(x, [0, 2, 0]), [[M32], [C31]])
report("gather axis=1", lambda x: tf.gather(x, [1, 1, 0], axis=1), [[M23], [M32]])
report("index x[1]", lambda x: x[1], [[M23], [V3]])
report("slice x[:, 1:]", lambda x: x[:, 1:], [[M23], [T213]])
report("slice x[::-1]", lambda x: x[::-1], [[V3], [M32]])
report("slice x[..., 0]", lambda x: x[..., 0], [[M23], [T213]])
report("slice x[:, tf.newaxis]", lambda x: x[:, tf.newaxis], [[M23], [V3]])

# concat: each input's gradient is its stretch of the upstream one.
report("concat axis=0", lambda a, b: tf.concat([a, b, a * 2.0], axis=0), [[M23, N23], [C31, C21]])
report("concat axis=1", lambda a, b: tf.concat([a, b], axis=1), [[M23, C21], [T213, T213 * 0.5]])

# tile: the gradient sums the repeats.
report("tile", lambda x: tf.tile(x, [2, 3]), [[M23], [C31]])
report("tile [1, 2, 1]", lambda x: tf.tile(x, [1, 2, 1]), [[T213]])

# The fused sparse cross-entropy: one loss per row of logits; the integer labels are
# closed over (they take no gradient). Rows of 2x3 logits, then one 4-class row.
LABELS2 = tf.constant([2, 0])
report("sparse_softmax_cross_entropy_with_logits",
       lambda x: tf.nn.sparse_softmax_cross_entropy_with_logits(labels=LABELS2, logits=x),
       [[M23], [N23]])
report("sparse_softmax_cross_entropy_with_logits one row",
       lambda x: tf.nn.sparse_softmax_cross_entropy_with_logits(labels=tf.constant(3), logits=x),
       [[V4]])

# Casts: float32 in or out, so a looser eps and tolerance; the gradient has the
# source's dtype.
report("cast float32 to float64", lambda x: tf.cast(x, tf.float64),
       [[tf.cast(M23, tf.float32)], [tf.constant(0.7)]], eps=1e-3, tol=1e-3)
report("cast float64 to float32", lambda x: tf.cast(x, tf.float32),
       [[M23], [S]], eps=1e-3, tol=1e-3)
report("cast round trip", lambda x: tf.cast(tf.cast(x, tf.float32), tf.float64) * x,
       [[M23]], eps=1e-3, tol=1e-3)

# The dense cross-entropies, each one fused op, with respect to the logits and the
# labels; axis=0 is written from log_softmax instead. The softmax one's labels are a
# distribution: TensorFlow's gradient for the logits, softmax - labels, assumes it.
PROBS = c([[0.2, 0.5, 0.3], [0.6, 0.1, 0.3]])
report("softmax_cross_entropy_with_logits",
       lambda y, x: tf.nn.softmax_cross_entropy_with_logits(labels=y, logits=x),
       [[PROBS, M23], [PROBS, N23]])
report("softmax_cross_entropy_with_logits axis=0",
       lambda y, x: tf.nn.softmax_cross_entropy_with_logits(labels=y, logits=x, axis=0),
       [[PROBS, M23]])
report("sigmoid_cross_entropy_with_logits",
       lambda z, x: tf.nn.sigmoid_cross_entropy_with_logits(labels=z, logits=x),
       [[PROBS, M23], [N23, M23]])

# reduce_prod, whose gradient is the product of the other elements: over groups
# without zeros, with one zero and with two (a product is linear in each element,
# so the central difference is exact there too).
ONE_ZERO = c([[0.5, 0.0, 2.0], [1.5, 0.75, -0.3]])
TWO_ZEROS = c([[0.0, 0.0, 2.0], [1.5, 0.0, -0.3]])
report("reduce_prod", tf.reduce_prod, [[M23], [ONE_ZERO], [TWO_ZEROS], [S]])
report("reduce_prod axis=1", lambda x: tf.reduce_prod(x, axis=1), [[M23], [ONE_ZERO], [TWO_ZEROS]])
report("reduce_prod axis=0 keepdims", lambda x: tf.reduce_prod(x, axis=0, keepdims=True),
       [[M23], [TWO_ZEROS]])
