# TensorFlow has tf.py_function; Ingot does not yet: a located "not supported yet"
# naming it, not the AttributeError of a typo (stdlib/tensorflow/_missing.py).
import tensorflow as tf

result = tf.py_function(len, [[1, 2]], tf.int32)
