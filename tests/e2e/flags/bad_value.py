# ingot-test: args='--epochs=abc' exit=2
import tensorflow as tf
import ingot

epochs = ingot.flag("epochs", 5, "number of passes")
tf.print("this must not run", epochs)
