# A Keras name from the one list of missing TensorFlow names.
import tensorflow as tf

l2 = tf.keras.regularizers.L2(0.01)
