# ingot-test: eager-exit=1
# [2^62, 4] has more elements than an int64 counts: it used to wrap to an empty tensor.
import tensorflow as tf

tf.print(tf.zeros([1 << 62, 4]))
