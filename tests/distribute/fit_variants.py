# Keras's fit under a strategy, the ways a script may differ from digits_fit.py: the
# optimizer made before the strategy and compile called outside its scope (compile
# binds both to the model's strategy), a dataset distributed by the script itself
# (fit does not cut it again), a last global batch of one row (replica 1's share is
# empty: its loss is 0, not NaN) and a BatchNormalization layer (its moving averages
# take the mean of the replicas' statistics). Every replica must end with the same
# weights, printed to the last digit.
import tensorflow as tf
import ingot

strategy = tf.distribute.MirroredStrategy()
tf.random.set_seed(5)
table = ingot.data.load_csv(ingot.flag("data", "digits.csv.gz", "the digits CSV"),
                            dtype=tf.int32, shape=[None, 65])
pixels, labels = tf.cast(table[:1793, :64], tf.float32) / 16.0, table[:1793, 64]
data = tf.data.Dataset.from_tensor_slices((pixels, labels)).batch(64)

optimizer = tf.keras.optimizers.SGD(0.05, momentum=0.9)
with strategy.scope():
    model = tf.keras.Sequential([
        tf.keras.layers.Dense(32, activation="relu"),
        tf.keras.layers.BatchNormalization(),
        tf.keras.layers.Dense(10),
    ])
model.compile(optimizer=optimizer,
              loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
              metrics=["accuracy"])
history = model.fit(strategy.experimental_distribute_dataset(data), epochs=2, verbose=0)
losses = history.history["loss"]
tf.print("losses are numbers:", tf.reduce_all(tf.equal(losses, losses)))
tf.print("replica weights:",
         tf.reduce_sum(tf.stack([tf.reduce_sum(tf.abs(v)) for v in model.variables])),
         summarize=-1)
