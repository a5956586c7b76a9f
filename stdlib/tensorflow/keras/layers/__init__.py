"""tf.keras.layers: Layer and the layers built on it, written over tf ops.

A layer makes its weights on its first call, from the input's shape (build), as
Keras does; the weights are tf.Variables whose initial values are computed where
the program first needs them (so inside a tf.function's first trace too). The
`training` argument reaches nested layers: a call without one inherits the
enclosing layer's.
"""
from ... import _missing
from .base import Layer
from .core import Dense, Flatten, Reshape, Activation, ReLU, Softmax, Dropout, Embedding
from .conv import (Conv2D, MaxPooling2D, AveragePooling2D, GlobalAveragePooling2D,
                   GlobalMaxPooling2D)
from .normalization import BatchNormalization
from .input_layer import Input, InputLayer
from .merge import Add, Concatenate, Lambda

MaxPool2D = MaxPooling2D
AvgPool2D = AveragePooling2D
GlobalAvgPool2D = GlobalAveragePooling2D
GlobalMaxPool2D = GlobalMaxPooling2D

__ingot_missing__ = _missing.names(__name__)
