# A module beside the scripts, imported by python/imports.py (not a test itself).
import tensorflow as tf

UNIT = 2.5


def scale_all(values, factor=UNIT):
    return [v * factor for v in values]


def norm_squared(t):
    return tf.reduce_sum(t * t)
