# ingot-test: mask-timings=1 float-tolerance=2e-3 build-exit=0
# The seed's §3.1: model.fit wraps the train step in a tf.function, and
# `model.run_eagerly = True` makes Keras run it op by op, to debug. `ingot run --eager`
# does (every op of the script runs as it is reached); a compiled program traces the
# step into its graph whatever run_eagerly says, and the build warns that it has no
# effect there (-Wrun-eagerly).
import tensorflow as tf

tf.random.set_seed(5)
x = tf.random.Generator.from_seed(1).normal([64, 3])
y = tf.reduce_sum(x * [1.0, -2.0, 0.5], axis=1, keepdims=True)
model = tf.keras.Sequential([tf.keras.layers.Dense(1)])
model.compile(optimizer=tf.keras.optimizers.SGD(0.1), loss="mse")
model.run_eagerly = True
print("run_eagerly:", model.run_eagerly, "executing eagerly:", tf.executing_eagerly())
history = model.fit(x, y, batch_size=16, epochs=3, verbose=2)
losses = history.history["loss"]
tf.print("the loss fell every epoch:", tf.reduce_all(losses[1:] < losses[:-1]))
