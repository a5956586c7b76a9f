# Keras layers: weights made on the first call from the input's shape, Keras's names
# and initializers, `training` reaching nested layers, a subclassed Layer with
# add_weight, tf.Module's variable tracking, and a Sequential model trained by a
# custom loop (GradientTape + Adam) to fit a small function.
import tensorflow as tf

tf.random.set_seed(1)
model = tf.keras.Sequential([
    tf.keras.layers.Flatten(),
    tf.keras.layers.Dense(8, activation="relu"),
    tf.keras.layers.Dropout(0.5),
    tf.keras.layers.Dense(3),
])
print("built:", model.built)
y = model(tf.ones([4, 2, 2]))
print("output:", y.shape, "built:", model.built, "parameters:", model.count_params())
print("weights:", [v.name for v in model.trainable_variables])
print("kernel shapes:", [tuple(layer.kernel.shape) for layer in model.layers
                         if hasattr(layer, "kernel")])


class Scaled(tf.keras.layers.Layer):
    def __init__(self, units):
        super().__init__()
        self.inner = tf.keras.layers.Dense(units, use_bias=False, kernel_initializer="ones")
        self.scale = self.add_weight("scale", [], initializer="ones", trainable=False)

    def call(self, x, training=None):
        print("Scaled.call: training =", training)
        return self.inner(x) * self.scale


block = Scaled(2)
tf.print(block(tf.ones([1, 3]), training=True))
tf.print(block(tf.ones([1, 3])))
print("trainable:", [v.name for v in block.trainable_weights],
      "non-trainable:", [v.name for v in block.non_trainable_weights])
print("submodules:", [m.name for m in block.submodules])

# A regression y = 2x0 - x1 learned by a two-layer model.
x = tf.random.Generator.from_seed(3).uniform([64, 2], -1.0, 1.0)
target = tf.matmul(x, tf.constant([[2.0], [-1.0]]))
net = tf.keras.Sequential([tf.keras.layers.Dense(16, activation="tanh"),
                           tf.keras.layers.Dense(1)])
optimizer = tf.keras.optimizers.Adam(0.05)


@tf.function
def train_step():
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(net(x, training=True) - target))
    grads = tape.gradient(loss, net.trainable_variables)
    optimizer.apply_gradients(zip(grads, net.trainable_variables))
    return loss


first = train_step()
last = first
for step in tf.range(200):
    last = train_step()
tf.print("loss fell below 1% of its start:", last < first * 0.01)
