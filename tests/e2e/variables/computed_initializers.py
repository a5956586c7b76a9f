# Variables whose initial value the program computes: a random initializer, arithmetic
# on other tensors, another variable's value, a callable (run in TensorFlow's
# init_scope, so it may be given inside a tf.function's first trace). Each initializer
# runs once, where the program makes the variable, so the global generator draws the
# same numbers as in eager mode.
import tensorflow as tf

tf.random.set_seed(42)
before = tf.random.uniform([2])
w = tf.Variable(tf.random.normal([2, 2]))
b = tf.Variable(tf.zeros([2]) + 0.5)
w2 = tf.Variable(w, trainable=False)
counts = tf.Variable(lambda: tf.random.uniform([3], maxval=10, dtype=tf.int32))
print(w.shape, w.dtype, w2.trainable, counts.dtype)
tf.print("drawn before:", before)
tf.print("w:", w)
tf.print("b:", b, "counts:", counts)

w.assign_add(tf.ones([2, 2]))
tf.print("w2 kept w's first value:", tf.reduce_all(tf.abs(w2 - (w - 1.0)) < 1e-5))

class Dense:
    def __init__(self, n_in, n_out):
        self.w = tf.Variable(tf.random.truncated_normal([n_in, n_out], stddev=0.1))
        self.b = tf.Variable(tf.zeros([n_out]))

    @tf.function
    def __call__(self, x):
        return tf.matmul(x, self.w) + self.b

layer = Dense(2, 3)
tf.print("dense:", layer(tf.ones([1, 2])))

class Scale:
    def __init__(self):
        self.k = None

    @tf.function
    def __call__(self, x):
        if self.k is None:
            self.k = tf.Variable(lambda: tf.fill([2], 3.0) * 2.0)
        self.k.assign_add(tf.ones([2]))
        return x * self.k

scale = Scale()
tf.print("scale:", scale(tf.constant([1.0, 2.0])), scale(tf.constant([1.0, 1.0])))
tf.print("drawn after:", tf.random.uniform([2]))
