# An export whose input_signature fills *parts: its inputs are named as a trace names
# them (parts_0, parts_1), in the header as in --trace-report.
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([2], tf.float32), tf.TensorSpec([2], tf.float32)])
def total(*parts):
    return parts[0] + parts[1]
