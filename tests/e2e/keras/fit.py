# ingot-test: mask-timings=1 float-tolerance=2e-3 args='--weights={scratch}/weights'
# compile / fit / evaluate / predict / summary / save_weights / load_weights on a small
# problem (is x0 * x1 positive?): fit's epochs and batches are the program's loops, its
# progress lines (verbose=2 here, then verbose=1 off a terminal: the final line of each
# epoch) printed as it trains, the validation split's metrics on the same line, and a
# History with one value per epoch.
import tensorflow as tf
import ingot

tf.random.set_seed(0)
x = tf.random.Generator.from_seed(3).uniform([256, 2], -1.0, 1.0)
y = tf.cast(x[:, 0] * x[:, 1] > 0.0, tf.int32)
model = tf.keras.Sequential([
    tf.keras.layers.Dense(32, activation="relu"),
    tf.keras.layers.Dense(2),
])
model.compile(optimizer=tf.keras.optimizers.Adam(0.02),
              loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
              metrics=["accuracy"])
print("metrics:", model.metrics_names)
history = model.fit(x, y, batch_size=32, epochs=4, validation_split=0.25, verbose=2)
model.summary()
losses = history.history["loss"]
tf.print("the loss fell every epoch:", tf.reduce_all(losses[1:] < losses[:-1]))
more = model.fit(x, y, batch_size=64, epochs=2)
tf.print("more epochs, history of", tf.shape(more.history["accuracy"])[0])
loss, accuracy = model.evaluate(x, y, verbose=0)
tf.print("accuracy above 90%:", accuracy > 0.9)
tf.print("predictions:", tf.shape(model.predict(x)))
batched = model.predict(x, batch_size=10, verbose=0)   # 26 batches, the last of 6
tf.print("predict in batches = one call:", tf.reduce_max(tf.abs(batched - model(x))) < 1e-5)

path = ingot.flag("weights", "weights")
model.save_weights(path)
for v in model.trainable_variables:
    v.assign(tf.zeros_like(v))
model.load_weights(path)
tf.print("weights back, same accuracy:", model.evaluate(x, y, verbose=0)[1] == accuracy)
