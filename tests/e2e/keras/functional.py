# ingot-test: mask-timings=1 float-tolerance=2e-3
# The functional API: tf.keras.Input, layers called on symbolic tensors (each builds
# its weights then, from the input's shape), tf.keras.Model(inputs, outputs) replaying
# those calls on real tensors; two inputs merged by Concatenate and Add, a Lambda;
# Keras's summary tables (a chain: three columns; a graph that merges: "Connected
# to"); a Sequential given its input first builds at once; fit on a functional model.
import tensorflow as tf

tf.random.set_seed(3)
inputs = tf.keras.Input(shape=(4,))
print(inputs)
hidden = tf.keras.layers.Dense(8, activation="relu")(inputs)
print(hidden)
outputs = tf.keras.layers.Dense(3)(hidden)
model = tf.keras.Model(inputs=inputs, outputs=outputs)
model.summary()
print("layers:", [layer.name for layer in model.layers])
print("inputs:", model.inputs, "weights:", len(model.trainable_weights))
x = tf.reshape(tf.range(8, dtype=tf.float32), [2, 4]) / 8.0
tf.print("model(x) shape:", tf.shape(model(x)))

a = tf.keras.Input(shape=(2,), name="left")
b = tf.keras.Input(shape=(3,), name="right")
joined = tf.keras.layers.Concatenate()([a, tf.keras.layers.Dense(2)(b)])
doubled = tf.keras.layers.Lambda(lambda t: t * 2.0)(joined)
two = tf.keras.Model([a, b], tf.keras.layers.Add()([joined, doubled]), name="two_inputs")
two.summary()
left, right = tf.ones([5, 2]), tf.ones([5, 3])
tf.print("two inputs:", tf.shape(two([left, right])))
tf.print("first two columns are 3 * left:", two([left, right])[0, :2])

seq = tf.keras.Sequential([tf.keras.Input(shape=(28, 28)), tf.keras.layers.Flatten(),
                           tf.keras.layers.Dense(10)])
seq.summary()
shaped = tf.keras.Sequential([tf.keras.layers.Dense(5, input_shape=(3,)),
                              tf.keras.layers.Dense(1)])
print("built before any data:", shaped.built, len(shaped.weights))

# A layer called twice: "Connected to" names each of its calls ("shared[1][0]").
p = tf.keras.Input(shape=(2,), name="p")
q = tf.keras.Input(shape=(2,), name="q")
shared = tf.keras.layers.Dense(2, name="shared")
tf.keras.Model([p, q], tf.keras.layers.Add(name="sum")([shared(p), shared(q)])).summary()

# Keras's order of model.layers: by depth from the outputs, then as the walk met them.
x = tf.keras.Input(shape=(4,), name="x")
c = tf.keras.layers.Dense(2, name="c")
concat = tf.keras.layers.Concatenate(name="concat")
print("by depth:", [layer.name for layer in tf.keras.Model(x, concat([
    tf.keras.layers.Dense(2, name="a")(x), tf.keras.layers.Dense(2, name="b")(c(x))])).layers])

# Unknown dims besides the batch: a fully convolutional model (the stand-in pass runs
# twice, 32 and 40 wide, and the dims that differ are unknown).
image = tf.keras.Input(shape=(None, None, 3))
features = tf.keras.layers.MaxPooling2D()(tf.keras.layers.Conv2D(4, 3)(image))
print("conv on unknown sizes:", features.shape)
pooled = tf.keras.layers.GlobalAveragePooling2D()(features)
fcn = tf.keras.Model(image, tf.keras.layers.Dense(2)(pooled))
tf.print("any image size:", tf.shape(fcn(tf.ones([2, 9, 11, 3]))), tf.shape(fcn(tf.ones([1, 5, 5, 3]))))

# A BatchNormalization called on a symbolic tensor with training=True: the stand-in
# pass runs in inference mode, so the moving statistics stay as they were.
norm = tf.keras.layers.BatchNormalization()
norm(tf.keras.Input(shape=(3,)), training=True)
tf.print("moving variance untouched:", norm.moving_variance)

# Sequential.pop() rebuilds the chain from the input: the next layer builds on the
# right shape.
chain = tf.keras.Sequential([tf.keras.Input(shape=(4,)), tf.keras.layers.Dense(8),
                             tf.keras.layers.Dense(3)])
chain.pop()
chain.add(tf.keras.layers.Dense(5))
print("after pop and add:", chain.outputs[0].shape, [w.shape for w in chain.weights])
print("input_dim builds too:", tf.keras.Sequential([tf.keras.layers.Dense(2, input_dim=3)]).built)

# fit on a functional model: is x0 * x1 positive?
data = tf.random.Generator.from_seed(4).uniform([256, 2], -1.0, 1.0)
labels = tf.cast(data[:, 0] * data[:, 1] > 0.0, tf.int32)
point = tf.keras.Input(shape=(2,))
logits = tf.keras.layers.Dense(2)(tf.keras.layers.Dense(32, activation="relu")(point))
classifier = tf.keras.Model(point, logits)
classifier.compile(optimizer=tf.keras.optimizers.Adam(0.02),
                   loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                   metrics=["accuracy"])
history = classifier.fit(data, labels, batch_size=32, epochs=6, verbose=0)
tf.print("accuracy above 90%:", history.history["accuracy"][-1] > 0.9)
