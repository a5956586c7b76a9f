"""bench/distribute_scaling's digits MLP: 64-128(ReLU)-10 trained by a custom loop under
a tf.distribute strategy, SGD lr 0.1, global batch 64 (each replica a share of it),
for --epochs passes over 1408 images (22 steps each). Built with --replicas N."""
import tensorflow as tf

import ingot

from _bench_digits import TRAIN_IMAGES, TRAIN_LABELS

EPOCHS = ingot.flag("epochs", 100, "passes over the 1408 training images")
GLOBAL_BATCH = 64

strategy = tf.distribute.MultiWorkerMirroredStrategy()
tf.random.set_seed(0)
images = tf.constant(TRAIN_IMAGES[:1408], tf.float32) / 16.0
labels = tf.constant(TRAIN_LABELS[:1408], tf.int32)
batches = strategy.experimental_distribute_dataset(
    tf.data.Dataset.from_tensor_slices((images, labels)).batch(GLOBAL_BATCH, drop_remainder=True))

with strategy.scope():
    model = tf.keras.Sequential([tf.keras.Input(shape=(64,)),
                                 tf.keras.layers.Dense(128, activation="relu"),
                                 tf.keras.layers.Dense(10)])
    optimizer = tf.keras.optimizers.SGD(learning_rate=0.1)


def replica_step(x, y):
    with tf.GradientTape() as tape:
        per_example = tf.nn.sparse_softmax_cross_entropy_with_logits(y, model(x, training=True))
        loss = tf.nn.compute_average_loss(per_example, global_batch_size=GLOBAL_BATCH)
    optimizer.apply_gradients(zip(tape.gradient(loss, model.trainable_variables),
                                  model.trainable_variables))
    return loss


@tf.function
def train_step(x, y):
    return strategy.reduce(tf.distribute.ReduceOp.SUM, strategy.run(replica_step, args=(x, y)),
                           axis=None)


loss = 0.0
for epoch in tf.range(EPOCHS):
    for x, y in batches:
        loss = train_step(x, y)
tf.print("final loss below 0.5:", loss < 0.5)
