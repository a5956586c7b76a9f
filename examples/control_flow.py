# Control flow that depends on tensors: AutoGraph turns each `if`/`while`/`for` below
# into a graph cond or while node (see `ingot build --emit=autograph` and
# `--emit=graph`), so the compiled program decides at run time.
import tensorflow as tf


@tf.function
def collatz_steps(n):
    """How many steps the Collatz rule takes to bring n down to 1."""
    steps = 0
    while n != 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        steps += 1
    return steps


@tf.function
def clipped_sum(xs, limit):
    """Adds the rows' sums until the total would pass limit."""
    total = tf.constant(0.0)
    for row in xs:
        s = tf.reduce_sum(row)
        if total + s > limit:
            break
        total += s
    return total


for n in [6, 7, 27]:   # a Python loop: unrolled at build time, three calls
    tf.print("collatz_steps(", n, ") =", collatz_steps(tf.constant(n)))

rows = tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
tf.print("clipped_sum:", clipped_sum(rows, tf.constant(12.0)))
print("traces of collatz_steps:", collatz_steps.experimental_get_tracing_count())
