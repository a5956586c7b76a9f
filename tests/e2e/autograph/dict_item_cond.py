# d['y'] assigned in both branches of a tensor if: the entry is an output of the cond.
import tensorflow as tf


@tf.function
def classify(x):
    d = {"x": x, "y": tf.constant(0)}
    if x > 0:
        d["y"] = x * 2
    else:
        d["y"] = -x + 100
    return d["y"] + d["x"]


tf.print(classify(tf.constant(5)), classify(tf.constant(-3)))
