# ingot-test: exit=1
# Big-endian data: not supported yet, said so.
import tensorflow as tf
import ingot

tf.print(ingot.data.load_npy("../data/files/big_endian.npy", dtype=tf.float32, shape=[None]))
