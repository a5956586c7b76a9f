# Shape errors building a graph are ValueError (InvalidArgumentError when an op runs eagerly), and can be caught.
import tensorflow as tf

try:
    tf.matmul(tf.zeros([2, 3]), tf.zeros([2, 3]))
except (ValueError, tf.errors.InvalidArgumentError) as e:
    print("caught:", e)
tf.print(tf.matmul(tf.zeros([2, 3]), tf.zeros([2, 3]), transpose_b=True))
