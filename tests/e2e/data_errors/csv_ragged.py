# ingot-test: exit=1
# A row shorter than the first: the file's line and both counts.
import tensorflow as tf
import ingot

tf.print(ingot.data.load_csv("../data/files/ragged.csv"))
