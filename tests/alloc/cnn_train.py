# A CNN training loop: two conv + relu + max pool layers, a dense layer, GradientTape
# and Adam, on batches of one shape: many activations and gradients of distinct sizes
# live and die in every step, more than a handful of cached large blocks holds.
import tensorflow as tf

import ingot

steps = ingot.flag("steps", 10, "training steps")
tf.random.set_seed(2)
k1 = tf.Variable(tf.random.normal([3, 3, 1, 16], stddev=0.3))
c1 = tf.Variable(tf.zeros([16]))
k2 = tf.Variable(tf.random.normal([3, 3, 16, 32], stddev=0.1))
c2 = tf.Variable(tf.zeros([32]))
w = tf.Variable(tf.random.normal([128, 10], stddev=0.1))
b = tf.Variable(tf.zeros([10]))
params = [k1, c1, k2, c2, w, b]
optimizer = tf.keras.optimizers.Adam(learning_rate=0.01)
x = tf.random.normal([64, 8, 8, 1])
y = tf.random.uniform([64], maxval=10, dtype=tf.int32)


@tf.function
def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.nn.max_pool2d(tf.nn.relu(tf.nn.conv2d(x, k1, 1, "SAME") + c1), 2, 2, "VALID")
        h = tf.nn.max_pool2d(tf.nn.relu(tf.nn.conv2d(h, k2, 1, "SAME") + c2), 2, 2, "VALID")
        logits = tf.matmul(tf.reshape(h, [64, 128]), w) + b
        loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(y, logits))
    optimizer.apply_gradients(zip(tape.gradient(loss, params), params))
    return loss


loss = tf.constant(0.0)
for i in tf.range(steps):
    loss = train_step(x, y)
tf.print("loss below 10:", loss < 10.0)
