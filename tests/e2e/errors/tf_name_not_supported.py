# TensorFlow has tf.distribute; Ingot does not yet: a located "not supported yet"
# naming it, not the AttributeError of a typo (stdlib/tensorflow/_missing.py).
import tensorflow as tf

strategy = tf.distribute.MirroredStrategy()
