# ingot-test: mask-timings=1 float-tolerance=5e-3
# scikit-learn's handwritten digits with Keras: a Sequential MLP (64 -> 128 ReLU ->
# 10), compile/fit/evaluate (10 epochs: quick enough under the sanitizers too). The
# CSV is read when the program runs (--data), 20% held out; fit shows Keras's
# progress line each epoch as the compiled program trains.
import tensorflow as tf
import ingot

tf.random.set_seed(2)
table = ingot.data.load_csv(ingot.flag("data", "data/digits.csv.gz", "the digits CSV"),
                            dtype=tf.int32, shape=[None, 65])
pixels, labels = tf.cast(table[:, :64], tf.float32) / 16.0, table[:, 64]
x_train, x_test, y_train, y_test = ingot.data.train_test_split(pixels, labels, 0.2, seed=0)

model = tf.keras.Sequential([
    tf.keras.layers.Dense(128, activation="relu"),
    tf.keras.layers.Dense(10),
])
model.compile(optimizer=tf.keras.optimizers.Adam(0.003),
              loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
              metrics=["accuracy"])
history = model.fit(x_train, y_train, batch_size=32, epochs=10, verbose=2)
model.summary()
loss, accuracy = model.evaluate(x_test, y_test, verbose=0)
tf.print("test accuracy at least 96%:", accuracy >= 0.96)
