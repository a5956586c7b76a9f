# A Keras name from the one list of missing TensorFlow names.
import tensorflow as tf

layer = tf.keras.layers.Dense(10)
