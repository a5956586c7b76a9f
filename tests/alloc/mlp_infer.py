# alloc: no-blocks -- an inference loop inside one tf.function: its tensors all have a slot
# of the function's memory plan (compiler/emit_memplan.c), so no step takes a block.
import tensorflow as tf

import ingot

steps = ingot.flag("steps", 10, "batches")
tf.random.set_seed(3)
w1 = tf.Variable(tf.random.normal([64, 128], stddev=0.1))
b1 = tf.Variable(tf.zeros([128]))
w2 = tf.Variable(tf.random.normal([128, 10], stddev=0.1))
b2 = tf.Variable(tf.zeros([10]))
x = tf.random.uniform([64, 64])


@tf.function
def run(n):
    total = tf.constant(0.0)
    for i in tf.range(n):
        h = tf.nn.relu(tf.matmul(x, w1) + b1)
        p = tf.nn.softmax(tf.matmul(h, w2) + b2)
        total += tf.reduce_sum(p)
    return total


tf.print("rows sum to one:", tf.abs(run(steps) - 64.0 * tf.cast(steps, tf.float32)) < 1e-2)
