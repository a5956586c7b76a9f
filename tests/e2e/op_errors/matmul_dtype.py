# ingot-test: eager-exit=1
# tf.matmul converts a Python operand to the tensor's dtype, but two tensors of
# different dtypes are TensorFlow's error.
import tensorflow as tf

tf.print(tf.matmul(tf.ones([2, 2]), [[1, 2], [3, 4]], transpose_a=True))
y = tf.matmul(tf.zeros([2, 2]), tf.constant([[1, 2], [3, 4]]))
