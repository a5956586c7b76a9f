# A misspelt TensorFlow name: an AttributeError with CPython 3.12's suggestion.
import tensorflow as tf

x = tf.reduce_summ(tf.ones([3]))
