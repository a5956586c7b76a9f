# A list of 14 tensors is 84 columns in the template pprint measures (each tensor is
# the string '{}' there): pprint breaks it over lines; Ingot does not yet.
import tensorflow as tf

t = tf.constant(1)
tf.print([t] * 14)
