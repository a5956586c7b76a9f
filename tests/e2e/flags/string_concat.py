# ingot-test: args='--data=/srv/fashion/'
# `+` on string tensors joins them (TensorFlow's Add on strings): a file name built
# from a directory flag when the program runs, inside a tf.function too; a Python
# str on either side.
import tensorflow as tf
import ingot

root = ingot.flag("data", "data/", "the data directory")
tf.print(root + "train.idx", "copy of " + root)


@tf.function
def shout(text):
    return text + "!"


tf.print(shout(root + "x"))
tf.print(tf.constant("a") + tf.constant("b") + "c")
