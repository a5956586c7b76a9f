"""What the Fashion-MNIST Keras benchmarks share (keras_fashion_mlp.py,
keras_fashion_cnn.py): the data, read when the program runs, and one Keras training
run -- compile with Adam (lr 1e-3) and sparse softmax cross-entropy, fit at batch 64,
evaluate. Flags pick how much of the data is used, so bench/keras_ratio can time the
steps alone (two runs of different lengths: the difference is steps, not start-up or
loading) and measure the accuracy of the full run."""
import tensorflow as tf

import ingot

DATA = "/usr/share/datasets/fashion-mnist/"


def _load(split, count):
    images = ingot.data.load_idx(DATA + split + "-images-idx3-ubyte.gz", dtype=tf.float32,
                                 shape=[None, 28, 28])
    labels = ingot.data.load_idx(DATA + split + "-labels-idx1-ubyte.gz", dtype=tf.int32,
                                 shape=[None])
    return images[:count] / 255.0, labels[:count]


def cnn_layers():
    """The CNN of examples/fashion_mnist_cnn.py after its input: conv 3x3 32 ReLU, max pool
    2, conv 3x3 64 ReLU, max pool 2, dense 128 ReLU, dense 10."""
    return [
        tf.keras.layers.Reshape((28, 28, 1)),
        tf.keras.layers.Conv2D(32, 3, padding="same", activation="relu"),
        tf.keras.layers.MaxPooling2D(),
        tf.keras.layers.Conv2D(64, 3, padding="same", activation="relu"),
        tf.keras.layers.MaxPooling2D(),
        tf.keras.layers.Flatten(),
        tf.keras.layers.Dense(128, activation="relu"),
        tf.keras.layers.Dense(10),
    ]


def _compiled(layers):
    model = tf.keras.Sequential([tf.keras.Input(shape=(28, 28))] + layers)
    model.compile(optimizer=tf.keras.optimizers.Adam(1e-3),
                  loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                  metrics=["accuracy"])
    return model


def train_and_test(layers, epochs, strategy=None):
    """strategy: a tf.distribute strategy to build the model in (bench/_dist_cnn.py)."""
    train_size = ingot.flag("train_size", 60000, "training images (the first ones)")
    test_size = ingot.flag("test_size", 10000, "test images (the first ones)")
    tf.random.set_seed(0)
    x_train, y_train = _load("train", train_size)
    x_test, y_test = _load("t10k", test_size)
    if strategy is None:
        model = _compiled(layers)
    else:
        with strategy.scope():
            model = _compiled(layers)
    model.fit(x_train, y_train, batch_size=64, epochs=epochs, verbose=2)
    loss, accuracy = model.evaluate(x_test, y_test, batch_size=1000, verbose=0)
    tf.print("test accuracy:", accuracy)
