# A loop whose value already has rank 8 (Ingot's limit): its gradient would keep a stack
# of rank 9, so it is a located "not supported yet", never a write past the shape.
# Eagerly the loop runs op by op and needs no stack.
import tensorflow as tf
x = tf.ones([1, 1, 1, 1, 1, 1, 1, 2])
with tf.GradientTape() as tape:
    tape.watch(x)
    y = x
    for _ in tf.range(3):
        y = y * x
    s = tf.reduce_sum(y)
tf.print(tape.gradient(s, x))
