"""Layers that merge a list of tensors (a functional model's branches): Add,
Concatenate, and the function-wrapping Lambda."""
import tensorflow as tf
from ... import array_ops as _array_ops
from .base import Layer


def _tensor_list(inputs, what):
    if not isinstance(inputs, (list, tuple)) or len(inputs) < 2:
        raise ValueError("A `%s` layer should be called on a list of at least 2 inputs. "
                         "Received: inputs=%s" % (what, inputs))
    return [_array_ops._tensor(x) for x in inputs]


class Add(Layer):
    """The elementwise sum of its inputs (broadcast as tf.add does)."""

    def call(self, inputs):
        xs = _tensor_list(inputs, "Add")
        total = xs[0]
        for x in xs[1:]:
            total = total + x
        return total


class Concatenate(Layer):
    """Its inputs joined along axis (the last by default)."""

    def __init__(self, axis=-1, **kwargs):
        Layer.__init__(self, **kwargs)
        self.axis = axis

    def call(self, inputs):
        return tf.concat(_tensor_list(inputs, "Concatenate"), self.axis)


class Lambda(Layer):
    """function(inputs), as a layer: how a tf op joins a functional model."""

    def __init__(self, function, output_shape=None, mask=None, arguments=None, **kwargs):
        Layer.__init__(self, **kwargs)
        if not callable(function):
            raise TypeError("Lambda: function must be callable, got %r" % (function,))
        self.function = function
        self.arguments = dict(arguments or {})

    def call(self, inputs):
        return self.function(inputs, **self.arguments)
