# Shape errors building a graph are ValueError (InvalidArgumentError when an op runs eagerly), and can be caught.
import tensorflow as tf

try:
    tf.matmul(tf.zeros([2, 3]), tf.zeros([2, 3]))
except (ValueError, tf.errors.InvalidArgumentError) as e:
    print("caught:", e)
tf.print(tf.matmul(tf.zeros([2, 3]), tf.zeros([2, 3]), transpose_b=True))

for bad in (lambda: tf.stack([tf.zeros([2]), tf.zeros([3])]),
            lambda: tf.expand_dims(tf.zeros([2]), 3),
            lambda: tf.nn.dropout(tf.zeros([2]), 1.0),
            lambda: tf.one_hot([1], 3, axis=5)):
    try:
        bad()
    except ValueError as e:
        print("ValueError:", e)
