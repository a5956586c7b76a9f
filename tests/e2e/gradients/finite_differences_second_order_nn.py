# Gradients of gradients through conv2d and pooling, against central finite
# differences in float64: each case's function is a first gradient (an inner tape),
# which the harness differentiates again, reaching the backward ops' own rules.
import tensorflow as tf

from _gradcheck import ramp, report


X = ramp([1, 4, 3, 2], 0.11, 3.0)
F = ramp([2, 2, 2, 3], 0.21, 1.0)


def grad_of(f):
    def g(*xs):
        with tf.GradientTape() as tape:
            for x in xs:
                tape.watch(x)
            y = tf.reduce_sum(f(*xs) ** 3)
        return tape.gradient(y, xs)
    return g


report("second order conv2d SAME",
       lambda x, f: tf.concat([tf.reshape(d, [-1]) for d in grad_of(
           lambda a, b: tf.nn.conv2d(a, b, 1, "SAME"))(x, f)], 0), [[X, F]])
report("second order conv2d VALID strides 2",
       lambda x, f: tf.concat([tf.reshape(d, [-1]) for d in grad_of(
           lambda a, b: tf.nn.conv2d(a, b, 2, "VALID"))(x, f)], 0), [[X, F]])
report("second order avg_pool2d",
       lambda x: grad_of(lambda a: tf.nn.avg_pool2d(a, 2, 1, "SAME"))(x)[0], [[X]])
# Max pooling: its backward routes to each window's winner, and that backward's own
# gradient reads back at the winners (the inputs have no ties).
report("second order max_pool2d",
       lambda x: grad_of(lambda a: tf.nn.max_pool2d(a, 2, 1, "SAME"))(x)[0], [[X]])
first = grad_of(lambda b: tf.nn.max_pool2d(b, 2, 2, "VALID"))
report("third order max_pool2d", lambda x: grad_of(lambda a: first(a)[0])(x)[0], [[X]])
