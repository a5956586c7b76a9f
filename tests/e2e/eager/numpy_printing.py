# ingot-test: build-args=-Wno-print-traced-tensor
# print() of an eager tensor shows its values as NumPy prints arrays: a common width,
# scientific notation when magnitudes are far apart, lines wrapped at 75 columns, and
# '...' for more than 1000 elements. Compiled, print() shows the symbolic tensor and
# tf.print (TensorFlow's own format) the values.
import tensorflow as tf

print(tf.constant(1e-5))
print(tf.constant([1e-5, 1.0]))
print(tf.constant([1.5, 2.0, -3.25]))
print(tf.constant([1e10, 1.0, float("nan"), float("-inf")]))
print(tf.constant([3.14159265358979, 1e-9], dtype=tf.float64))
print(tf.constant([True, False]))
print(tf.range(30))
print(repr(tf.range(30)))
print(repr(tf.constant([[1.0, 2.5], [3.0, 4.0]])))
print(tf.range(2000))
print(tf.zeros([40, 40]))
print(repr(tf.zeros([2, 0])))
tf.print(tf.constant([1e-5, 1.0]))
