# A Keras name from the one list of missing TensorFlow names.
import tensorflow as tf

stop = tf.keras.callbacks.EarlyStopping(patience=2)
