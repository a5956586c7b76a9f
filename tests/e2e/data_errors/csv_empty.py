# ingot-test: exit=1
# An empty file has no table.
import tensorflow as tf
import ingot

tf.print(ingot.data.load_csv("../data/files/empty.csv"))
