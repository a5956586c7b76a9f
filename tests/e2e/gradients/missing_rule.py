# ingot-test: eager-exit=1
# An op TensorFlow differentiates but Ingot has no gradient rule for yet: the
# gradient that reaches it is a located "not supported yet" error (never a silent
# None or zero), at the tape.gradient call, naming the op and where it was made.
# Here a gradient of a gradient through max pooling reaches its backward op, whose
# own gradient (TensorFlow's MaxPoolGradGrad) Ingot does not have yet.
import tensorflow as tf

x = tf.reshape(tf.range(9.0), [1, 3, 3, 1])
with tf.GradientTape() as outer:
    outer.watch(x)
    with tf.GradientTape() as inner:
        inner.watch(x)
        y = tf.reduce_sum(tf.nn.max_pool2d(x, 2, 1, "VALID") ** 2)
    dx = inner.gradient(y, x)
print(outer.gradient(dx, x))
