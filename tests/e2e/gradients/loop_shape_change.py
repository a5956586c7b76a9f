# ingot-test: exit=1 eager-exit=0
# A gradient through a loop whose value grows each iteration (shape_invariants let it):
# the forward loop would stack rows of different shapes, which Ingot cannot yet, so
# the compiled program stops at the loop's line with a "not supported yet" (never a
# wrong gradient). Eagerly the loop runs op by op and needs no stack.
import tensorflow as tf

x = tf.constant([1.0, 2.0])
n = tf.constant(3)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = x
    i = tf.constant(0)
    while i < n:
        tf.autograph.experimental.set_loop_options(shape_invariants=[(y, tf.TensorShape([None]))])
        y = tf.gather(y * x[0], tf.range(tf.size(y) + 1) % tf.size(y))
        i += 1
    s = tf.reduce_sum(y)
tf.print(tape.gradient(s, x))
