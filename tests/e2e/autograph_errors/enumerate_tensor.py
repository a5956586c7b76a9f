# enumerate() over a tensor iterates in Python, which a symbolic tensor does not allow (as in TensorFlow).
import tensorflow as tf

@tf.function
def f(t):
    s = tf.constant(0)
    for i, v in enumerate(t):
        s += v * i
    return s

tf.print(f(tf.constant([1, 2, 3])))
