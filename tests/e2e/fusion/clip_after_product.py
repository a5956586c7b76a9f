# tf.clip_by_value after a product's bias (maximum(minimum(t, hi), lo), TensorFlow's
# order) stays two picks after matmul_bias / conv2d_bias, not a oneDNN clip post-op:
# that post-op turns a NaN into the lower bound (oneDNN 2.6, both clip kinds, measured:
# bench/README.md "clip after a product"), where maximum and minimum keep it. So a NaN
# row, values equal to a bound, bounds the wrong way round (lo everywhere, as
# TensorFlow's order gives), equal bounds, signed zeros and infinite bounds print what
# the ops print one by one (-O0, eagerly); the convolution's NaN pixel spreads over its
# window, and some of its sums equal its bounds. Each clip has a product of its own, the
# chain a fusion would take.
import tensorflow as tf

BOUNDS = [(-1.0, 1.0), (0.0, 6.0), (2.0, -2.0), (0.5, 0.5), (-0.0, 0.0), (0.0, -0.0),
          (float("-inf"), float("inf"))]


@tf.function
def dense_clips(x, w, b):
    return [tf.clip_by_value(tf.matmul(x, w) + b, lo, hi) for lo, hi in BOUNDS]


@tf.function
def conv_clips(img, f, b):
    return (tf.clip_by_value(tf.nn.conv2d(img, f, 1, "SAME") + b, -2.0, 0.5),
            tf.clip_by_value(tf.nn.conv2d(img, f, 1, "SAME") + b, 3.0, -3.0))


# Row 0 lies between the bounds, row 1 is NaN (a NaN input), row 2 holds -1, 1, 0 and 6
# exactly (bounds above), row 3 lies beyond them.
x = tf.constant([[0.25, 0.125], [float("nan"), 1.0], [1.0, 0.0], [1.0, -2.0]])
w = tf.constant([[-1.5, 1.25, -1.0, 6.5], [2.0, 1.0, -3.0, 8.0]])
b = tf.constant([0.5, -0.25, 1.0, -0.5])
tf.print(tf.matmul(x, w) + b)
for (lo, hi), t in zip(BOUNDS, dense_clips(x, w, b)):
    tf.print(lo, hi, t)
nan = float("nan")
img = tf.reshape(tf.constant([[-8.0, -7.0, -6.0, -5.0], [-4.0, nan, -2.0, -1.0],
                              [0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0]]), [1, 4, 4, 1])
f = tf.ones([2, 2, 1, 2]) * tf.constant([0.25, -0.25])
cb = tf.constant([0.0, 0.5])
tf.print(tf.nn.conv2d(img, f, 1, "SAME") + cb, summarize=-1)
between, crossed = conv_clips(img, f, cb)
tf.print(between, summarize=-1)
tf.print(crossed, summarize=-1)
