# ingot-test: exit=1
# The value's length is only known when the program runs: the check happens
# then, and names the line.
import tensorflow as tf

window = tf.Variable([0, 0, 0], name="window")

@tf.function
def fill(n):
    def body(i, v):
        return i + 1, tf.range(i + 1)

    i, v = tf.while_loop(lambda i, v: i < n, body, (tf.constant(0), tf.range(0)),
                         shape_invariants=(tf.TensorShape([]), tf.TensorShape([None])))
    window.assign(v)
    return window.read_value()

tf.print(fill(tf.constant(3)))
tf.print(fill(tf.constant(2)))
