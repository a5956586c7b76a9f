# A concrete function accepts only arguments of its trace: a call that does not fit
# is a TypeError naming what differs, inside a list too (the item, not the list).
import tensorflow as tf


@tf.function
def total(values, scale):
    return (values[0] + values[1]) * scale


cf = total.get_concrete_function([tf.TensorSpec([2], tf.float32), tf.TensorSpec([], tf.float32)],
                                 2.0)
tf.print(cf([tf.constant([1.0, 2.0]), tf.constant(3.0)], 2.0))
cf([tf.constant([1.0, 2.0]), tf.constant([3.0])], 3.0)
