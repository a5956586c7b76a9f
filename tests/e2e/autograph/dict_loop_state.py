# A dict whose entries are updated inside a tensor while: composite names are loop variables.
import tensorflow as tf


@tf.function
def stats(n):
    d = {"sum": tf.constant(0), "odd": tf.constant(0)}
    i = tf.constant(1)
    while i <= n:
        d["sum"] = d["sum"] + i
        if i % 2 == 1:
            d["odd"] += 1
        i += 1
    return d["sum"], d["odd"]


s, o = stats(tf.constant(9))
tf.print(s, o)
