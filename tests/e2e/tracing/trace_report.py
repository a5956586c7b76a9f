# ingot-test: build-args=--trace-report
# --trace-report lists every concrete signature, the call that traced it and why:
# four traces of one function (a shape, a dtype and a Python value change).
import tensorflow as tf


@tf.function
def scale(x, factor):
    return x * factor


scale(tf.constant([1.0, 2.0]), 2.0)
scale(tf.constant([1.0, 2.0, 3.0]), 2.0)
scale(tf.constant([1.0, 2.0]), 2.0)
scale(tf.constant([1, 2]), 2)
tf.print(scale(tf.constant([1.0, 2.0]), 3.0))
