# A tensor-dependent return in a Python for loop: the code after the if moves into the else branch, which has no return.
import tensorflow as tf


@tf.function
def f(x):
    for k in range(3):
        if x > k:
            return x
        x = x + 1
    return x


f(tf.constant(1))
