# ingot-test: eager-exit=1
# The same check for every dtype: tf.ones of int32.
import tensorflow as tf

tf.print(tf.ones([1 << 31, 1 << 31], tf.int32))
