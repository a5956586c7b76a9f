# An `if` on a tensor becomes a cond: both branches are traced once, the right one runs.
import tensorflow as tf


@tf.function
def clip_low(x):
    if x < 0.0:
        print("tracing the then branch")
        y = x * 0.0
    else:
        print("tracing the else branch")
        y = x + 1.0
    return y


tf.print(clip_low(tf.constant(-4.0)), clip_low(tf.constant(2.5)))
print(clip_low.experimental_get_tracing_count())
