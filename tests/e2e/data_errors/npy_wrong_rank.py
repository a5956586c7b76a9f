# ingot-test: exit=1
# The program was built for a vector; the file (at run time) holds a matrix.
import tensorflow as tf
import ingot

path = ingot.flag("path", "../data/files/f64.npy")
tf.print(ingot.data.load_npy(path, dtype=tf.float32, shape=[None]))
