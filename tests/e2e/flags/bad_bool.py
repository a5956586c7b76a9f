# ingot-test: args='--verbose=yes' exit=2
import tensorflow as tf
import ingot

verbose = ingot.flag("verbose", False, "print more")
tf.print("this must not run", verbose)
