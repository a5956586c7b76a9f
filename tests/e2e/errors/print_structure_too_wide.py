# pprint breaks a structure wider than 80 columns over lines; Ingot does not yet.
import tensorflow as tf

t = tf.constant(1)
tf.print({"a fairly long key to make it wide": t, "and another long key, wider still": t})
