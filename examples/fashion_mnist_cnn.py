# ingot-test: mask-timings=1 mask-floats=1 args='--train_size=1024 --test_size=1000 --min_accuracy=0.65 --checkpoint={scratch}/fashion'
# Fashion-MNIST with a Keras CNN: 60,000 grey 28x28 images of clothes in 10 classes
# (Debian's dataset-fashion-mnist, read when the program runs). conv 32 - pool -
# conv 64 - pool - dense 128 - 10, Adam, two epochs at batch 32: at least 89% test
# accuracy on the full sets. fit draws Keras's progress bar as the program trains
# (live on a terminal); the weights are saved, loaded into a second model, and that
# model is measured on the test set. The test trains on a subset (the flags above);
# its numbers depend on the order of float sums (the CPU, the number of threads), so
# it checks the verdict of the last line and masks the rest.
import tensorflow as tf
import ingot

tf.random.set_seed(1)
root = ingot.flag("data", "/usr/share/datasets/fashion-mnist/", "the Fashion-MNIST files")
train_size = ingot.flag("train_size", 60000, "how many training images to learn from")
test_size = ingot.flag("test_size", 10000, "how many test images to measure on")
checkpoint = ingot.flag("checkpoint", "/tmp/fashion_mnist_cnn", "where to save the weights")
min_accuracy = ingot.flag("min_accuracy", 0.89, "the test accuracy to reach")


def load(split, count):
    """The first count images of a split, pixels scaled to [0, 1], and their labels."""
    images = ingot.data.load_idx(root + split + "-images-idx3-ubyte.gz", dtype=tf.float32,
                                 shape=[None, 28, 28])
    labels = ingot.data.load_idx(root + split + "-labels-idx1-ubyte.gz", dtype=tf.int32,
                                 shape=[None])
    return images[:count] / 255.0, labels[:count]


def make_model():
    model = tf.keras.Sequential([
        tf.keras.Input(shape=(28, 28)),
        tf.keras.layers.Reshape((28, 28, 1)),
        tf.keras.layers.Conv2D(32, 3, padding="same", activation="relu"),
        tf.keras.layers.MaxPooling2D(),
        tf.keras.layers.Conv2D(64, 3, padding="same", activation="relu"),
        tf.keras.layers.MaxPooling2D(),
        tf.keras.layers.Flatten(),
        tf.keras.layers.Dense(128, activation="relu"),
        tf.keras.layers.Dense(10),
    ])
    model.compile(optimizer="adam",
                  loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                  metrics=["accuracy"])
    return model


x_train, y_train = load("train", train_size)
x_test, y_test = load("t10k", test_size)

model = make_model()
model.summary()
model.fit(x_train, y_train, batch_size=32, epochs=2)
model.save_weights(checkpoint)

restored = make_model()
restored.load_weights(checkpoint)
loss, accuracy = restored.evaluate(x_test, y_test, verbose=0)
tf.print("test accuracy of the reloaded model:", accuracy)
tf.print("at least", min_accuracy, "->", accuracy >= min_accuracy)
