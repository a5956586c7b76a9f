# A gradient of a gradient through a while loop is Ingot's limit when compiled (the
# backward loop reads the forward loop's stacks, which have no gradient rule yet):
# a located error, never a wrong number. Eagerly the loop runs op by op, so it works.
import tensorflow as tf

x = tf.constant(1.5)
n = tf.constant(2)
with tf.GradientTape() as outer:
    outer.watch(x)
    with tf.GradientTape() as inner:
        inner.watch(x)
        y = x
        for _ in tf.range(n):
            y = y * x
    dy = inner.gradient(y, x)
tf.print(dy, outer.gradient(dy, x))  # 3x^2 = 6.75, 6x = 9
