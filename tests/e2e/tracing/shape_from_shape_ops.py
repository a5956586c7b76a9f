# A shape computed from tf.shape is known when the graph is built, as TensorFlow's
# constant_value_as_shape knows it: through slices of tf.shape(x), concats with
# constants and integer casts, inside a tf.function whose input has an unknown batch
# dim too (the dims that depend on it stay unknown).
import tensorflow as tf

probe = tf.ones([4, 2])
print(tf.zeros(tf.shape(probe)).shape, tf.zeros(tf.shape(probe)[1:]).shape)
print(tf.zeros(tf.concat([[0], tf.shape(probe)[1:]], 0)).shape)
print(tf.zeros(tf.cast(tf.shape(probe)[::-1], tf.int64)).shape)


@tf.function(input_signature=[tf.TensorSpec([None, 3])])
def grow(x):
    rows = tf.concat([[1], tf.shape(x)[1:]], 0)
    print("one row:", tf.zeros(rows).shape, "all rows doubled:",
          tf.zeros(tf.concat([tf.shape(x)[:1] * 2, tf.shape(x)[1:]], 0)).shape)
    return tf.concat([x, tf.zeros(rows)], 0)


tf.print(tf.shape(grow(tf.ones([2, 3]))))
