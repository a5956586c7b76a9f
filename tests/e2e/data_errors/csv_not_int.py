# ingot-test: exit=1
# An int32 table cannot hold 1.5: the file's line and the field, not a rounded value.
import tensorflow as tf
import ingot

tf.print(ingot.data.load_csv("../data/files/table.csv", skip_header=1, dtype=tf.int32))
