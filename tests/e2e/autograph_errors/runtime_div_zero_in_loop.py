# ingot-test: exit=1
# Integer division by zero in a tensor while's body stops the program at that script line.
import tensorflow as tf


@tf.function
def f(n):
    acc = tf.constant(100)
    while n > -3:
        acc = acc + 60 // n
        n -= 1
    return acc


tf.print("start")
tf.print(f(tf.constant(3)))
tf.print("never")
