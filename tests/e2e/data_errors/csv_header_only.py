# ingot-test: exit=1
# A header and nothing after it.
import tensorflow as tf
import ingot

tf.print(ingot.data.load_csv("../data/files/header_only.csv", skip_header=1))
