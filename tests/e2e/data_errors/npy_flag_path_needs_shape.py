# A path known only at run time (a flag) cannot be looked at while building: the
# program's dtype and rank must then be given.
import tensorflow as tf
import ingot

path = ingot.flag("path", "../data/files/f64.npy")
tf.print(ingot.data.load_npy(path))
