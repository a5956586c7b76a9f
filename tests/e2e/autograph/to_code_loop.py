# tf.autograph.to_code shows a converted while loop with a break: the break_ flag, guards and state functions.
import tensorflow as tf


def f(n):
    s = 0
    i = 0
    while i < n:
        if s > 20:
            break
        s += i
        i += 1
    return s


print(tf.autograph.to_code(f))
tf.print(tf.function(f)(tf.constant(100)))
