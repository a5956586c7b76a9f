# bench/compare's Collatz workload: the step counts of n = 1..N on 0-d int64 tensors,
# REPS times, the loop ../shared/peers/collatz.c runs in C -O2 (the limit) and
# peers/scalar_loop.py in PyTorch. Prints the total of the last rep.
import tensorflow as tf
import ingot

N = ingot.flag("n", 3000, "trajectories of 1..N")
REPS = ingot.flag("reps", 10, "times the whole count is made")


@tf.function
def collatz(limit):
    total = tf.constant(0, tf.int64)
    i = tf.constant(1, tf.int64)
    while i <= limit:
        n = i
        while n != 1:
            if n % 2 == 0:
                n = n // 2
            else:
                n = 3 * n + 1
            total += 1
        i += 1
    return total


@tf.function
def repeat(limit, reps):
    total = tf.constant(0, tf.int64)
    r = tf.constant(0)
    while r < reps:
        total = collatz(limit)
        r += 1
    return total


tf.print(repeat(tf.cast(N, tf.int64), REPS))
