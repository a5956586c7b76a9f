"""tf.nn: neural-network building blocks."""
import _ingot


def relu(features, name=None):
    return _ingot.unary("relu", features)
