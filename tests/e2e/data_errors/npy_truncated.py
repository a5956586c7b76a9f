# ingot-test: exit=1
# The header promises 10 floats; the file holds 4.
import tensorflow as tf
import ingot

tf.print(ingot.data.load_npy("../data/files/truncated.npy"))
