# bench: max-seconds=2 max-rss-mb=25 build-max-seconds=10
# A conv2d layer, Keras's BatchNormalization and a ReLU on a batch of 64 16x16 images
# of 16 channels, --reps times: inference (--train=0) or a training step (--train=1:
# the batch's statistics, the moving averages, SGD): the batch normalization's oneDNN
# kernel, and what running it with its relu as one primitive would save (bench/README.md
# "batch-norm + relu"); one thread: INGOT_NUM_THREADS=1.
import tensorflow as tf

import ingot

REPS = ingot.flag("reps", 200, "passes over the batch")
TRAIN = ingot.flag("train", 0, "1: training steps, 0: inference")

tf.random.set_seed(0)
conv = tf.keras.layers.Conv2D(16, 3, padding="same")
norm = tf.keras.layers.BatchNormalization()
relu = tf.keras.layers.ReLU()
x = tf.random.normal([64, 16, 16, 16])
optimizer = tf.keras.optimizers.SGD(learning_rate=0.01)


@tf.function
def infer(x):
    return relu(norm(conv(x), training=False))


@tf.function
def train_step(x):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(relu(norm(conv(x), training=True))))
    params = conv.trainable_variables + norm.trainable_variables
    optimizer.apply_gradients(zip(tape.gradient(loss, params), params))
    return loss


total = tf.constant(0.0)
for i in tf.range(REPS):
    if TRAIN == 1:
        total += train_step(x)
    else:
        total += infer(x)[0, 0, 0, 0]
tf.print("mean:", total / tf.cast(REPS, tf.float32) > -1.0)
