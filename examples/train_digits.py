# The seed's custom training loop (its section 3.2) on real data: a hand-built
# two-layer network, 64 -> 128 (ReLU) -> 10, learns scikit-learn's handwritten
# digits, read when the program runs from the CSV a flag names (--data). Its weights
# start from random initializers (computed at run time, once); the train step is one
# tf.function whose GradientTape makes the backward pass part of its graph, and
# Adam's update ops with it; the epochs loop and the tf.data loop over shuffled
# batches are tensor loops, so the program runs them, not the build. Printed are
# checks that hold on every machine; the numbers themselves vary in their last digits.
import tensorflow as tf
import ingot

tf.random.set_seed(2024)
BATCH = 64
EPOCHS = 30


def glorot_uniform(fan_in, fan_out):
    """Keras's default kernel initializer: uniform in +-sqrt(6 / (fan_in + fan_out))."""
    limit = (6.0 / (fan_in + fan_out)) ** 0.5
    return tf.random.uniform([fan_in, fan_out], minval=-limit, maxval=limit)


class TwoLayerNet:
    def __init__(self, n_in, n_hidden, n_out):
        self.w1 = tf.Variable(glorot_uniform(n_in, n_hidden), name="w1")
        self.b1 = tf.Variable(tf.zeros([n_hidden]), name="b1")
        self.w2 = tf.Variable(glorot_uniform(n_hidden, n_out), name="w2")
        self.b2 = tf.Variable(tf.zeros([n_out]), name="b2")
        self.trainable_variables = [self.w1, self.b1, self.w2, self.b2]

    def __call__(self, x, training=False):
        hidden = tf.nn.relu(tf.matmul(x, self.w1) + self.b1)
        return tf.matmul(hidden, self.w2) + self.b2


def loss_fn(labels, logits):
    """Sparse categorical cross-entropy: the mean of -log softmax at the label."""
    return tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels, logits))


model = TwoLayerNet(64, 128, 10)
optimizer = tf.keras.optimizers.Adam(learning_rate=0.01)


@tf.function
def train_step(x, y):
    with tf.GradientTape() as tape:
        logits = model(x, training=True)
        loss = loss_fn(y, logits)
    gradients = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(gradients, model.trainable_variables))
    return loss


def accuracy(images, labels):
    predicted = tf.argmax(model(images), axis=1, output_type=tf.int32)
    return tf.reduce_mean(tf.cast(predicted == labels, tf.float32))


# 1797 rows of 64 pixels (0-16) and a label; 20% held out for testing, as
# scikit-learn's train_test_split(test_size=0.2) would.
table = ingot.data.load_csv(ingot.flag("data", "data/digits.csv.gz", "the digits CSV"),
                            dtype=tf.int32, shape=[None, 65])
pixels, labels = tf.cast(table[:, :64], tf.float32) / 16.0, table[:, 64]
x_train, x_test, y_train, y_test = ingot.data.train_test_split(pixels, labels, 0.2, seed=0)
train_batches = tf.data.Dataset.from_tensor_slices((x_train, y_train)) \
    .shuffle(2000, seed=1).batch(BATCH, drop_remainder=True)   # the partial batch is left out
tf.print("training on", tf.shape(x_train)[0], "images in batches of", BATCH, "for", EPOCHS,
         "epochs; testing on", tf.shape(x_test)[0])

first_loss = loss_fn(y_train, model(x_train))
for epoch in tf.range(EPOCHS):
    for x, y in train_batches:   # a new order each epoch
        loss = train_step(x, y)
final_loss = loss_fn(y_train, model(x_train))

print("train_step traced", train_step.experimental_get_tracing_count(), "time(s)")
tf.print("Adam steps taken:", optimizer.iterations)
tf.print("training loss fell tenfold:", final_loss < first_loss / 10)
tf.print("training accuracy above 99%:", accuracy(x_train, y_train) > 0.99)
tf.print("test accuracy at least 95%:", accuracy(x_test, y_test) >= 0.95)
