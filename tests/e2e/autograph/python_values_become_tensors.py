# Python numbers assigned inside a tensor if or loop come out as tensors of the matching dtype.
import tensorflow as tf


@tf.function
def f(x):
    flag = 0
    scale = 1.0
    if x > 0:
        flag = 1
        scale = 2.5
    steps = 0
    while x > 0:
        x -= 3
        steps += 1
    return flag, scale, steps


a, b, c = f(tf.constant(10))
tf.print(a, b, c)
a, b, c = f(tf.constant(-1))
tf.print(a, b, c)
