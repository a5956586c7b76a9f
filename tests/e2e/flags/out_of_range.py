# ingot-test: args='--epochs=3000000000' exit=2
# An int32 flag rejects a value that does not fit, naming the range.
import tensorflow as tf
import ingot

epochs = ingot.flag("epochs", 5, "number of passes")
tf.print("this must not run", epochs)
