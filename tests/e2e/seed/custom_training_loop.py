# The seed's section 3.2, its custom training loop unchanged (the lines between the
# markers), on a small linear model and a tf.data pipeline: the epochs loop over a
# Python range is unrolled, each `for x_batch, y_batch in dataset` is a graph while,
# and train_step is traced once.
import tensorflow as tf


class Linear:
    def __init__(self):
        self.w = tf.Variable(tf.zeros([3, 1]))
        self.b = tf.Variable(tf.zeros([1]))
        self.trainable_variables = [self.w, self.b]

    def __call__(self, x, training=False):
        return tf.matmul(x, self.w) + self.b


def loss_fn(y, predictions):
    return tf.reduce_mean(tf.square(y - predictions))


x = tf.random.Generator.from_seed(1).normal([64, 3])
y = tf.matmul(x, tf.constant([[2.0], [-1.0], [0.5]])) + 0.25
dataset = tf.data.Dataset.from_tensor_slices((x, y)).shuffle(64, seed=2).batch(16)
model = Linear()
optimizer = tf.keras.optimizers.SGD(learning_rate=0.1)
epochs = 20

# -- the seed's code --
@tf.function
def train_step(x, y):
    with tf.GradientTape() as tape:
        logits = model(x, training=True)
        loss = loss_fn(y, logits)
    gradients = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(gradients, model.trainable_variables))
    return loss

for epoch in range(epochs):
    for x_batch, y_batch in dataset:
        loss = train_step(x_batch, y_batch)
# -- end of the seed's code --

print("train_step traced", train_step.experimental_get_tracing_count(), "time(s)")
tf.print("steps:", optimizer.iterations)
tf.print("learned w:", tf.round(model.w[:, 0] * 100.0) / 100.0, "b:",
         tf.round(model.b * 100.0) / 100.0)
tf.print("loss over all the data below 1e-4:", loss_fn(y, model(x)) < 1e-4)
