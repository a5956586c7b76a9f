# tf.print of lists, tuples and dicts holding tensors: TensorFlow's pprint template, keys
# sorted, the tensors' values in place, sep between the arguments only.
import tensorflow as tf

a = tf.constant([1, 2])
b = tf.constant(3.5)
tf.print((a, b))
tf.print([a], "x", {"k": b, "a": [a, 1, "s"]}, sep="|")
tf.print((a,), 2.5, None)
tf.print([a, {"b": 1, "a": (2, "x")}], {"z": 1, "y": [3]})  # every dict sorted, as pprint
tf.print([b] * 13)                                               # 80 columns: one line


@tf.function
def f(x):
    tf.print("in f:", (x, x + 1), end="!\n")
    return x


f(a)
