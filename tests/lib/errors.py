# A library for the tests of what a caller can get wrong (errors.c): inputs of the
# wrong dtype, rank or dimension, a run-time error inside a call (a gather index out
# of range names this file's line), bad weights files; and functions of several
# inputs, of several outputs, and of none.
import tensorflow as tf

table = tf.Variable([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
calls = tf.Variable(0)


@tf.function(input_signature=[tf.TensorSpec([None], tf.int32)])
def lookup(rows):
    calls.assign_add(1)
    return tf.gather(table, rows)


@tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32),
                              tf.TensorSpec([], tf.float32)])
def scale(x, k):
    return x * k, tf.reduce_sum(x)


@tf.function(input_signature=[])
def count():
    return calls.read_value()


@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
def echo(x):
    return x


memory = tf.Variable([0.0, 0.0])


@tf.function(input_signature=[tf.TensorSpec([2], tf.float32)])
def remember(x):
    memory.assign(x)


@tf.function(input_signature=[])
def recall():
    return memory.read_value()
