# tf.GradientTape against central finite differences, in float64, for conv2d (input
# and filter gradients: VALID and SAME, strides 1 and 2, a dilation, odd sizes) and
# max/avg pooling (non-overlapping, overlapping and SAME-padded windows; inputs
# without ties, so each max window has one winner). Then the float32 gradients,
# which run on oneDNN's backward primitives, against the float64 loops on the same
# values; batch normalization, plain and with its statistics from tf.nn.moments.
# One line per case, "NAME ok: 1".
import tensorflow as tf

from _gradcheck import ramp, report


X = ramp([2, 4, 3, 2], 0.11, 3.0)    # NHWC
F = ramp([2, 2, 2, 3], 0.21, 1.0)    # HWIO
F3 = ramp([3, 3, 2, 2], 0.17, 5.0)
P = ramp([1, 4, 5, 2], 0.13, 2.0)

report("conv2d VALID", lambda x, f: tf.nn.conv2d(x, f, 1, "VALID"), [[X, F]])
report("conv2d SAME", lambda x, f: tf.nn.conv2d(x, f, 1, "SAME"), [[X, F]])
report("conv2d SAME strides 2", lambda x, f: tf.nn.conv2d(x, f, 2, "SAME"), [[X, F3]])
report("conv2d VALID strides [2, 1]", lambda x, f: tf.nn.conv2d(x, f, [2, 1], "VALID"), [[X, F]])
report("conv2d SAME dilations 2", lambda x, f: tf.nn.conv2d(x, f, 1, "SAME", dilations=2),
       [[X, F]])
report("max_pool2d 2x2 VALID", lambda x: tf.nn.max_pool2d(x, 2, 2, "VALID"), [[P]])
report("max_pool2d 3x3 SAME strides 1", lambda x: tf.nn.max_pool2d(x, 3, 1, "SAME"), [[P]])
report("max_pool2d 2x2 strides 1", lambda x: tf.nn.max_pool2d(x, 2, 1, "VALID"), [[P]])
report("avg_pool2d 2x2 VALID", lambda x: tf.nn.avg_pool2d(x, 2, 2, "VALID"), [[P]])
report("avg_pool2d 3x3 SAME strides 2", lambda x: tf.nn.avg_pool2d(x, 3, 2, "SAME"), [[P]])
report("avg_pool2d 2x3 strides 1", lambda x: tf.nn.avg_pool2d(x, [2, 3], 1, "VALID"), [[P]])


def float32_matches(name, f, xs):
    # The same gradients in float32 (oneDNN) and float64 (loops), within 1e-4.
    def grads(dtype):
        vs = [tf.cast(x, dtype) for x in xs]
        with tf.GradientTape() as tape:
            for v in vs:
                tape.watch(v)
            y = f(*vs)
            target = tf.reduce_sum(y * tf.cast(tf.reshape(tf.range(tf.size(y)), tf.shape(y)), dtype))
        return tape.gradient(target, vs)
    oks = [tf.reduce_max(tf.abs(tf.cast(a, tf.float64) - b)) < 1e-4 * tf.reduce_max(tf.abs(b))
           for a, b in zip(grads(tf.float32), grads(tf.float64))]
    tf.print(name, "float32 ok:", tf.reduce_all(tf.stack(oks)))


float32_matches("conv2d SAME strides 2", lambda x, f: tf.nn.conv2d(x, f, 2, "SAME"), [X, F3])
float32_matches("conv2d VALID dilations 2", lambda x, f: tf.nn.conv2d(x, f, 1, "VALID", dilations=2),
                [X, F])
float32_matches("max_pool2d 3x3 SAME", lambda x: tf.nn.max_pool2d(x, 3, 1, "SAME"), [P])
float32_matches("avg_pool2d 3x3 SAME strides 2", lambda x: tf.nn.avg_pool2d(x, 3, 2, "SAME"), [P])


# Batch normalization with per-channel statistics (one batch_norm op): the gradient
# with respect to x and each of the four vectors, then in training form, where the
# mean and variance come from tf.nn.moments of x and the gradient flows through them.
XB = ramp([2, 2, 3, 3], 0.09, 4.0)
MEAN = tf.constant([0.1, -0.2, 0.3], tf.float64)
VAR = tf.constant([0.5, 1.5, 0.8], tf.float64)
OFF = tf.constant([0.2, 0.0, -0.1], tf.float64)
SCALE = tf.constant([1.1, 0.7, -0.4], tf.float64)
report("batch_normalization", lambda x, m, v, o, s: tf.nn.batch_normalization(x, m, v, o, s, 1e-3),
       [[XB, MEAN, VAR, OFF, SCALE]])


def batch_norm_training(x, offset, scale):
    mean, variance = tf.nn.moments(x, axes=[0, 1, 2])
    return tf.nn.batch_normalization(x, mean, variance, offset, scale, 1e-3)


report("batch_normalization training", batch_norm_training, [[XB, OFF, SCALE]])
