# ingot-test: args='--epochs=3 --help'
# --help lists every flag with its type, default and help text, and exits 0 before
# the program runs (nothing else is printed).
import tensorflow as tf
import ingot

epochs = ingot.flag("epochs", 5, "number of passes")
lr = ingot.flag("learning-rate", 0.001, "step size")
verbose = ingot.flag("verbose", False, "print more")
name = ingot.flag("name", "world")
seed = ingot.flag("seed", -3000000000, "an int64 default")
tf.print("this must not run", epochs, lr, verbose, name, seed)
