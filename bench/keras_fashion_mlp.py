# bench: max-seconds=300 max-rss-mb=800 build-max-seconds=20
# Keras's fit on Fashion-MNIST: the MLP 784 -> 256 ReLU -> 10, Adam, batch 64, three
# epochs (bench/peers/fashion_torch.py mlp is the same in PyTorch; bench/keras_ratio
# runs the two side by side).
import tensorflow as tf

from _fashion_keras import train_and_test

train_and_test([
    tf.keras.layers.Flatten(),
    tf.keras.layers.Dense(256, activation="relu"),
    tf.keras.layers.Dense(10),
], epochs=3)
