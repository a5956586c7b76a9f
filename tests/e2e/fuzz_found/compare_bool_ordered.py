# ingot-test: eager-exit=1 build-args=-Wno-print-traced-tensor
# Found by tests/fuzz (fuzz_runtime): bools compared with < passed the shape rule,
# and the runtime's less kernel, which has no bool rows, stopped with an internal
# error. Bools are equal or not, never ordered (TensorFlow's Less has no bool kernel):
# a located dtype error, a ValueError at build time.
import tensorflow as tf

a = tf.constant([True, False])
b = tf.constant([False, False])
print(a == b)
print(a != b)
print(a < b)
