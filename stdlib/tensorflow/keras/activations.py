"""tf.keras.activations, and the names layers accept for them ("relu", "softmax")."""
from .. import nn as _nn
from .. import math as _math
from .. import _missing


def linear(x):
    return x


def relu(x):
    return _nn.relu(x)


def sigmoid(x):
    return _math.sigmoid(x)


def tanh(x):
    return _math.tanh(x)


def softmax(x, axis=-1):
    return _nn.softmax(x, axis=axis)


def log_softmax(x, axis=-1):
    return _nn.log_softmax(x, axis=axis)


_BY_NAME = {"linear": linear, "relu": relu, "sigmoid": sigmoid, "tanh": tanh,
            "softmax": softmax, "log_softmax": log_softmax}


def get(identifier):
    """A function from a name or a callable; None is linear."""
    if identifier is None:
        return linear
    if callable(identifier):
        return identifier
    if isinstance(identifier, str) and identifier in _BY_NAME:
        return _BY_NAME[identifier]
    raise ValueError("Could not interpret activation function identifier: %s" % (identifier,))


__ingot_missing__ = _missing.names(__name__)
