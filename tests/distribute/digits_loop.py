# The digits MLP trained by a custom loop under a tf.distribute strategy, TensorFlow's
# tutorial way: each replica gets its rows of every global batch of 64, scales its loss
# by the global batch (tf.nn.compute_average_loss), and the optimizer sums the
# replicas' gradients. Built for 1, 2 and 4 replicas, the weights it writes (--out)
# must agree: tests/distribute/run_distribute.py compares them.
import tensorflow as tf
import ingot

strategy = tf.distribute.MultiWorkerMirroredStrategy()
GLOBAL_BATCH = 64
EPOCHS = ingot.flag("epochs", 2, "passes over the data")

tf.random.set_seed(7)
table = ingot.data.load_csv(ingot.flag("data", "digits.csv.gz", "the digits CSV"),
                            dtype=tf.int32, shape=[None, 65])
# 1792 rows: 28 global batches, every one split evenly on 1, 2 or 4 replicas.
pixels, labels = tf.cast(table[:1792, :64], tf.float32) / 16.0, table[:1792, 64]
data = tf.data.Dataset.from_tensor_slices((pixels, labels)).shuffle(4096).batch(GLOBAL_BATCH)
batches = strategy.experimental_distribute_dataset(data)

with strategy.scope():
    model = tf.keras.Sequential([
        tf.keras.layers.Dense(32, activation="relu"),
        tf.keras.layers.Dense(10),
    ])
    optimizer = tf.keras.optimizers.SGD(0.1, momentum=0.9)
    accuracy = tf.keras.metrics.SparseCategoricalAccuracy()


def replica_step(x, y):
    with tf.GradientTape() as tape:
        logits = model(x, training=True)
        per_example = tf.nn.sparse_softmax_cross_entropy_with_logits(y, logits)
        loss = tf.nn.compute_average_loss(per_example, global_batch_size=GLOBAL_BATCH)
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    accuracy.update_state(y, logits)
    return loss


@tf.function
def train_step(x, y):
    losses = strategy.run(replica_step, args=(x, y))
    return strategy.reduce(tf.distribute.ReduceOp.SUM, losses, axis=None)


for epoch in tf.range(EPOCHS):
    total = 0.0
    steps = 0
    for x, y in batches:
        total += train_step(x, y)
        steps += 1
    tf.print("epoch", epoch + 1, "loss", tf.round(total / tf.cast(steps, tf.float32) * 100) / 100,
             "accuracy above 80%:", accuracy.result() > 0.8)
    accuracy.reset_state()
# Every replica's own weights, to the last digit: they must be the same on all.
tf.print("replica weights:",
         tf.reduce_sum(tf.stack([tf.reduce_sum(tf.abs(v)) for v in model.variables])),
         summarize=-1)
tf.train.Checkpoint(model=model).write(ingot.flag("out", "weights.safetensors",
                                                  "where the weights go"))
