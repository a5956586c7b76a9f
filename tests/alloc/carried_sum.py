# A sum carried by a loop, each step's product written over (donated) into the new sum:
# the product must not be planned in a slot, or the carried sum would hold that slot
# into the next step, where the next product is planned again (refused placements).
import tensorflow as tf

import ingot

steps = ingot.flag("steps", 10, "additions")
tf.random.set_seed(4)
x = tf.random.uniform([16, 16])


@tf.function
def carried(n):
    total = tf.zeros([16, 16])
    for i in tf.range(n):
        b = tf.matmul(x, x)
        total = b + total
        c = tf.nn.relu(b - 1.0) * 2.0
        total = total - c
    return total


tf.print("sum below 1e6:", tf.reduce_max(tf.abs(carried(steps))) < 1e6)
