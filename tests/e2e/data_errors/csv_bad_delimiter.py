# A delimiter of two characters is refused while building.
import tensorflow as tf
import ingot

tf.print(ingot.data.load_csv("../data/files/table.csv", delimiter=", "))
