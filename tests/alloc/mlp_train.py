# A training loop: forward, GradientTape backward, SGD updates, on batches of one shape.
import tensorflow as tf

import ingot

steps = ingot.flag("steps", 10, "training steps")
tf.random.set_seed(1)
w1 = tf.Variable(tf.random.normal([8, 16], stddev=0.3))
b1 = tf.Variable(tf.zeros([16]))
w2 = tf.Variable(tf.random.normal([16, 3], stddev=0.3))
params = [w1, b1, w2]
optimizer = tf.keras.optimizers.SGD(learning_rate=0.05)
x = tf.random.normal([32, 8])
y = tf.random.uniform([32], maxval=3, dtype=tf.int32)


@tf.function
def train_step(x, y):
    with tf.GradientTape() as tape:
        logits = tf.matmul(tf.nn.relu(tf.matmul(x, w1) + b1), w2)
        loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(y, logits))
    optimizer.apply_gradients(zip(tape.gradient(loss, params), params))
    return loss


loss = tf.constant(0.0)
for i in tf.range(steps):
    loss = train_step(x, y)
tf.print("loss below 10:", loss < 10.0)
