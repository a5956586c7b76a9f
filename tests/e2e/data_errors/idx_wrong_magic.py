# ingot-test: exit=1
# Not an IDX file: its first bytes.
import tensorflow as tf
import ingot

tf.print(ingot.data.load_idx("../data/files/wrong_magic.idx1", dtype=tf.int32, shape=[None]))
