# Variables are not loop state: the assigns inside a tensor while loop's body run
# on every iteration, and later reads see them.
import tensorflow as tf

total = tf.Variable(0, name="total")
steps = tf.Variable(0.0, trainable=False)

@tf.function
def accumulate(n):
    i = tf.constant(0)
    while i < n:
        total.assign_add(i)
        steps.assign_add(0.5)
        i += 1
    return total.read_value()

tf.print(accumulate(tf.constant(5)))
tf.print(accumulate(tf.constant(3)))
tf.print(total, steps)
for k in tf.range(3):
    total.assign_sub(k)
tf.print(total)
