# Collatz steps on a scalar tensor: 27 takes 111 steps; the if inside the while is a cond.
import tensorflow as tf


@tf.function
def collatz_steps(n):
    steps = tf.constant(0)
    while n != 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        steps += 1
    return steps


tf.print(collatz_steps(tf.constant(27)))
tf.print(collatz_steps(tf.constant(1)), collatz_steps(tf.constant(6)), collatz_steps(tf.constant(97)))
print(collatz_steps.experimental_get_tracing_count())
