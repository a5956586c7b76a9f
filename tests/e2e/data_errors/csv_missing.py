# ingot-test: exit=1
# A data file that is not there: the path, why, and the script line that loads it.
import tensorflow as tf
import ingot

tf.print("before")
x = ingot.data.load_csv("../data/files/no_such.csv")
tf.print(x)
