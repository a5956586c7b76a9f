# bench: max-seconds=900 max-rss-mb=1200 build-max-seconds=20
# Keras's fit on Fashion-MNIST: the CNN of examples/fashion_mnist_cnn.py (conv 3x3 32
# ReLU, max pool 2, conv 3x3 64 ReLU, max pool 2, dense 128 ReLU, dense 10), Adam,
# batch 64, two epochs (bench/peers/fashion_torch.py cnn is the same in PyTorch;
# bench/keras_ratio runs the two side by side).
from _fashion_keras import cnn_layers, train_and_test

train_and_test(cnn_layers(), epochs=2)
