# What --emit=graph shows of a gradient through a while loop, as TensorFlow's
# while_v2 builds it: the forward loop gains a stack (stack_push) for the value its
# backward needs each iteration and reuses the script's counter `i` as the trip
# count; the backward loop runs that many times, reading row k-1 (gather).
import tensorflow as tf


@tf.function
def power_grad(x, n):
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = x
        i = 0
        while i < n:
            y = y * x
            i += 1
    return tape.gradient(y, x)


tf.print(power_grad(tf.constant(2.0), tf.constant(3)))  # d/dx x^4 = 4x^3
