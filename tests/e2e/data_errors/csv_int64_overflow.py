# ingot-test: exit=1
# 2^63 does not fit an int64: the file's line and the field, not a wrapped value.
import tensorflow as tf
import ingot

tf.print(ingot.data.load_csv("../data/files/int64_overflow.csv", dtype=tf.int64))
