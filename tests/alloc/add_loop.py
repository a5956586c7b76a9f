# alloc: no-blocks -- x = x + 1 on float32[16]: the add writes over the dying x
import tensorflow as tf

import ingot

steps = ingot.flag("steps", 10, "loop iterations")


@tf.function
def count(x, n):
    for i in tf.range(n):
        x = x * 0.5 + 1.0
    return x


tf.print(count(tf.zeros([16]), steps)[0])
