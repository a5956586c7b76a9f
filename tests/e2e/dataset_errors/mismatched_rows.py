# The tensors of from_tensor_slices must have as many rows as each other.
import tensorflow as tf

ds = tf.data.Dataset.from_tensor_slices((tf.zeros([4, 2]), tf.zeros([3])))
