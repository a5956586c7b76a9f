# The digits MLP trained by Keras's fit under a tf.distribute strategy: fit shards each
# global batch of 64 over the replicas, scales the loss, and the optimizer sums the
# gradients; the progress line is rank 0's, its loss and accuracy over every replica.
# Built for 1 and 2 replicas, the weights it writes (--out) must agree.
import tensorflow as tf
import ingot

strategy = tf.distribute.MirroredStrategy()
tf.random.set_seed(3)
table = ingot.data.load_csv(ingot.flag("data", "digits.csv.gz", "the digits CSV"),
                            dtype=tf.int32, shape=[None, 65])
pixels, labels = tf.cast(table[:1792, :64], tf.float32) / 16.0, table[:1792, 64]

with strategy.scope():
    model = tf.keras.Sequential([
        tf.keras.layers.Dense(32, activation="relu"),
        tf.keras.layers.Dense(10),
    ])
    model.compile(optimizer=tf.keras.optimizers.SGD(0.1, momentum=0.9),
                  loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                  metrics=["accuracy"])
model.fit(pixels, labels, batch_size=64, epochs=2, verbose=2)
loss, accuracy = model.evaluate(pixels, labels, batch_size=64, verbose=0)
tf.print("accuracy above 90%:", accuracy > 0.9)
model.save_weights(ingot.flag("out", "weights.safetensors", "where the weights go"))
