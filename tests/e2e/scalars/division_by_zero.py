# ingot-test: exit=1
# A division by zero among C scalars fails like the kernel does, naming the line.
import tensorflow as tf


@tf.function
def countdown(n):
    total = tf.constant(0)
    while n >= 0:
        total += 100 // n
        n -= 1
    return total


tf.print(countdown(tf.constant(3)))
