# bench: max-seconds=5 max-rss-mb=25 build-max-seconds=20
# A training step's cost: the small digits CNN, as ../shared/peers/cnn_digits.py
# trains it in PyTorch: conv 3x3 1->16 SAME, ReLU, max pool 2; conv 3x3 16->32 SAME,
# ReLU, max pool 2; flatten; dense 128->10. SGD lr 0.1, batch 64 of 8x8 images, one
# thread. The forward pass, the backward pass (oneDNN's backward convolutions and
# poolings) and the updates are one traced tf.function; the loops over epochs and
# batches are tensor loops. bench/train_ratio cnn runs it against PyTorch.
import tensorflow as tf

import ingot

from _bench_digits import TRAIN_IMAGES, TRAIN_LABELS

EPOCHS = ingot.flag("epochs", 20, "passes over the 1408 training images")
BATCH = 64

tf.random.set_seed(0)


def glorot_uniform(shape, fan_in, fan_out):
    limit = (6.0 / (fan_in + fan_out)) ** 0.5
    return tf.random.uniform(shape, minval=-limit, maxval=limit)


k1 = tf.Variable(glorot_uniform([3, 3, 1, 16], 9, 9 * 16))
c1 = tf.Variable(tf.zeros([16]))
k2 = tf.Variable(glorot_uniform([3, 3, 16, 32], 9 * 16, 9 * 32))
c2 = tf.Variable(tf.zeros([32]))
w = tf.Variable(glorot_uniform([128, 10], 128, 10))
b = tf.Variable(tf.zeros([10]))
params = [k1, c1, k2, c2, w, b]
optimizer = tf.keras.optimizers.SGD(learning_rate=0.1)


@tf.function
def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.nn.max_pool2d(tf.nn.relu(tf.nn.conv2d(x, k1, 1, "SAME") + c1), 2, 2, "VALID")
        h = tf.nn.max_pool2d(tf.nn.relu(tf.nn.conv2d(h, k2, 1, "SAME") + c2), 2, 2, "VALID")
        logits = tf.matmul(tf.reshape(h, [BATCH, 128]), w) + b
        loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(y, logits))
    optimizer.apply_gradients(zip(tape.gradient(loss, params), params))
    return loss


x_train = tf.reshape(tf.constant(TRAIN_IMAGES, tf.float32) / 16.0, [-1, 8, 8, 1])
y_train = tf.constant(TRAIN_LABELS)
batches = len(TRAIN_LABELS) // BATCH
loss = tf.constant(0.0)
for epoch in tf.range(EPOCHS):
    for i in tf.range(batches):
        loss = train_step(x_train[i * BATCH:(i + 1) * BATCH], y_train[i * BATCH:(i + 1) * BATCH])
tf.print("steps:", optimizer.iterations, "last loss below 0.5:", loss < 0.5)
