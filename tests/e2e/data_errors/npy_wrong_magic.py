# ingot-test: exit=1
# Not a .npy file: the byte where it goes wrong.
import tensorflow as tf
import ingot

tf.print(ingot.data.load_npy("../data/files/wrong_magic.npy", dtype=tf.float32, shape=[None]))
