# ingot-test: args='--epochs=3 --epoch=4' exit=2
# An unknown flag stops the program before it runs, with exit code 2.
import tensorflow as tf
import ingot

epochs = ingot.flag("epochs", 5, "number of passes")
tf.print("this must not run", epochs)
