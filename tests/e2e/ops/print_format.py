# tf.print's formatting, as TensorFlow prints tensors.
import tensorflow as tf

tf.print(tf.range(20))
tf.print(tf.zeros([8, 8]))
tf.print(tf.range(12), summarize=2)
tf.print(tf.constant([[1, 2], [3, 4]]), tf.constant([[[1, 2]], [[3, 4]]]))
tf.print("a", "b", sep="-", end="!\n")
tf.print(tf.constant([0.1, 1.0 / 3.0, 2.0 / 3.0, 1e10, -0.0]))
tf.print(tf.cast(tf.constant([0.1, 1.0 / 3.0]), tf.float64))
tf.print(tf.constant([], dtype=tf.float32))
