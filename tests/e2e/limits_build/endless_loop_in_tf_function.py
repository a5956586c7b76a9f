# ingot-test: build-args=--max-build-steps=300000 eager-args=--max-build-steps=300000 eager-exit=1
# A Python loop (over Python ints) in a tf.function runs while tracing; endless, it is
# reported at the loop with the call that traced it.
import tensorflow as tf


@tf.function
def scaled(x):
    k = 1
    while k > 0:
        k += 1
    return x * k


tf.print(scaled(tf.constant(2.0)))
