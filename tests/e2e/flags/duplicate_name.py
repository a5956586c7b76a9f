import tensorflow as tf
import ingot

epochs = ingot.flag("epochs", 5, "number of passes")
more = ingot.flag("epochs", 10)
tf.print(epochs, more)
