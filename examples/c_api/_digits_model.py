"""The digits classifier the two scripts of this example share: a Keras MLP,
64 pixels -> 128 (ReLU) -> 10 logits. train.py trains it and writes its weights;
classifier.py exports it as a C library that reads them."""
import tensorflow as tf


def build_model():
    model = tf.keras.Sequential([
        tf.keras.layers.Dense(128, activation="relu"),
        tf.keras.layers.Dense(10),
    ])
    model.build([None, 64])
    return model
