# bench: max-seconds=10 max-rss-mb=25 build-max-seconds=10
# A training step's cost: the digits MLP 64-128(ReLU)-10, SGD lr 0.1, batch 64, one
# thread, as ../shared/peers/mlp_digits.py trains it in PyTorch (bench/README.md
# "Training step against PyTorch" runs both, interleaved). The forward pass, the
# backward pass of the GradientTape and the updates are one traced tf.function; the
# loops over epochs and batches are tensor loops, so the compiled program is one C
# function calling the step 22 times an epoch. STEPS is what bench/train_ratio.py
# divides the time by.
import tensorflow as tf

import ingot

from _bench_digits import TRAIN_IMAGES, TRAIN_LABELS

EPOCHS = ingot.flag("epochs", 100, "passes over the 1408 training images")
BATCH = 64

tf.random.set_seed(0)


def glorot_uniform(fan_in, fan_out):
    limit = (6.0 / (fan_in + fan_out)) ** 0.5
    return tf.random.uniform([fan_in, fan_out], minval=-limit, maxval=limit)


w1 = tf.Variable(glorot_uniform(64, 128))
b1 = tf.Variable(tf.zeros([128]))
w2 = tf.Variable(glorot_uniform(128, 10))
b2 = tf.Variable(tf.zeros([10]))
params = [w1, b1, w2, b2]
optimizer = tf.keras.optimizers.SGD(learning_rate=0.1)


@tf.function
def train_step(x, y):
    with tf.GradientTape() as tape:
        logits = tf.matmul(tf.nn.relu(tf.matmul(x, w1) + b1), w2) + b2
        loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(y, logits))
    optimizer.apply_gradients(zip(tape.gradient(loss, params), params))
    return loss


x_train = tf.constant(TRAIN_IMAGES, tf.float32) / 16.0
y_train = tf.constant(TRAIN_LABELS)
batches = len(TRAIN_LABELS) // BATCH
loss = tf.constant(0.0)
for epoch in tf.range(EPOCHS):
    for i in tf.range(batches):
        loss = train_step(x_train[i * BATCH:(i + 1) * BATCH], y_train[i * BATCH:(i + 1) * BATCH])
tf.print("steps:", optimizer.iterations, "last loss below 0.1:", loss < 0.1)
