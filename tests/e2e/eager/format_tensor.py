# ingot-test: build-exit=1
# Formatting an eager tensor (an f-string, format(), str.format) formats its NumPy
# value, as TensorFlow's EagerTensor.__format__ does: a scalar takes a number's format
# spec, an array prints as NumPy's str and takes no spec. Compiled, the top level is
# traced: a tensor there is a symbol (a warning), and a spec is TensorFlow's graph-mode
# TypeError.
import tensorflow as tf

r = tf.constant(2.0)
i = tf.constant(7)
v = tf.constant([1.0, 2.5])
print(f"r = {r}, {r:.3f}; i = {i:04d}, {i:x}; v = {v}")
print("{} and {:>8.2f}".format(r, r), format(i, "+d"))
try:
    print(f"{v:.2f}")
except TypeError as e:
    print("TypeError:", e)
