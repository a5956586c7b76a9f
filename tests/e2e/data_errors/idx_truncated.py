# ingot-test: exit=1
# An IDX file whose data stops early.
import tensorflow as tf
import ingot

tf.print(ingot.data.load_idx("../data/files/truncated.idx3", dtype=tf.int32, shape=[None, None, None]))
