# ingot-test: eager-exit=1 build-args=-Wno-print-traced-tensor
# Found by tests/fuzz (fuzz_runtime): negating a bool tensor passed neg's shape rule,
# which took any dtype, and the runtime's neg kernel (numbers only) stopped with an
# internal error. TensorFlow's Neg has no bool kernel: a located dtype error now.
import tensorflow as tf

x = tf.constant([True, False])
print(tf.logical_not(x))
y = -x
