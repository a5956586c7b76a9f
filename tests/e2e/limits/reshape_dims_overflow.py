# ingot-test: exit=1
# Found by tests/fuzz (fuzz_runtime): the requested dims' product overflowed in the
# shape rule (UBSan's signed overflow at build time), here 2**62 * 23; it is checked.
import tensorflow as tf

x = tf.zeros([4])
tf.print(tf.reshape(x, tf.constant([2**62, 23], tf.int64)))
