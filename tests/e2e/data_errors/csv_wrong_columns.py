# ingot-test: exit=1
# The program states 4 columns; the file has 3.
import tensorflow as tf
import ingot

tf.print(ingot.data.load_csv("../data/files/table.csv", skip_header=1, shape=[None, 4]))
