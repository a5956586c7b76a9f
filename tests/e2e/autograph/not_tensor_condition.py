# `not` on a tensor comparison in an if and a while condition: logical_not, then cond/while.
import tensorflow as tf


@tf.function
def f(x):
    if not x > 0:
        x = -x
    n = tf.constant(0)
    while not x < 1:
        x = x // 2
        n += 1
    return x, n


x, n = f(tf.constant(-40))
tf.print(x, n)
x, n = f(tf.constant(0))
tf.print(x, n)
