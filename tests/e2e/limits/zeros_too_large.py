# ingot-test: eager-exit=1
# A static shape of 2^62 floats: 2^64 bytes wrapped to 0 and the kernel wrote past a
# tiny block. Now the build stops at the line (eagerly: an InvalidArgumentError).
import tensorflow as tf

x = tf.zeros([1 << 31, 1 << 31])
tf.print(x.shape)
