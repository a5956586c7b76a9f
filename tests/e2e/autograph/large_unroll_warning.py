# ingot-test: build-exit=0
# A Python loop that unrolls more than 1000 iterations emitting ops warns; the program still runs.
import tensorflow as tf


@tf.function
def f(x):
    for i in range(1200):
        x = x + 1
    return x


tf.print(f(tf.constant(5)))
