# A gradient of a gradient through a while loop: the outer tape differentiates the
# backward loop, which reads the forward loop's stacks, so the gradient goes on into
# the forward loop through its stack_push nodes (a stack's gradient is the rows of
# the stack's own gradient). Eagerly the loop runs op by op.
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
