# Every flag keeps its default when the program runs without arguments; the dtype
# follows the default as TensorFlow converts a Python value.
import tensorflow as tf
import ingot

epochs = ingot.flag("epochs", 5, "number of passes")
big = ingot.flag("big-seed", 2**40, "does not fit an int32")
lr = ingot.flag("lr", 0.1, "learning rate")
verbose = ingot.flag("verbose", False, "print more")
name = ingot.flag("name", "world", "who to greet")
print(epochs.dtype, big.dtype, lr.dtype, verbose.dtype, name.dtype, epochs.shape)
tf.print("epochs:", epochs, "big-seed:", big, "lr:", lr, "verbose:", verbose, "name:", name)
tf.print("twice the epochs:", epochs * 2, "lr / 2:", lr / 2)
