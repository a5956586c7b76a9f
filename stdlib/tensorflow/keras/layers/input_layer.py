"""tf.keras.Input and InputLayer: the symbolic input of a functional model (or the
declared input of a Sequential)."""
import _ingot
from .. import keras_tensor as _kt
from .base import Layer


class InputLayer(Layer):
    """The layer a model's input comes from: no weights, its output the input."""

    def __init__(self, input_shape=None, batch_size=None, dtype=None, name=None, **kwargs):
        for key in kwargs:
            if key not in ("sparse", "ragged", "batch_input_shape"):
                raise TypeError("Keyword argument not understood: '%s'" % key)
        if kwargs.get("sparse") or kwargs.get("ragged"):
            _ingot.not_supported("sparse or ragged inputs (tf.keras.Input(sparse=True))")
        if kwargs.get("batch_input_shape") is not None:
            shape = tuple(kwargs["batch_input_shape"])
        elif input_shape is not None:
            shape = (batch_size,) + tuple(input_shape)
        else:
            raise ValueError("Please provide to Input a `shape` or a `tensor` or a "
                             "`type_spec` argument. Note that `shape` does not include "
                             "the batch dimension.")
        for d in shape:
            if d is not None and (not isinstance(d, int) or d < 0):
                raise ValueError("Input: shape entries must be ints >= 0 or None, got %s"
                                 % (shape,))
        Layer.__init__(self, name=_kt._unique_input_name() if name is None else name,
                       dtype=dtype)
        self.built = True
        self.output = _kt.KerasTensor(shape, self.dtype, name=self.name)
        self.output._input_layer = self
        self._output_shape = [shape]


def Input(shape=None, batch_size=None, name=None, dtype=None, sparse=None, tensor=None,
          ragged=None, type_spec=None, **kwargs):
    """A symbolic tensor of shape (batch_size,) + shape to build a model on."""
    if tensor is not None or type_spec is not None:
        _ingot.not_supported("tf.keras.Input(tensor=...) or Input(type_spec=...)")
    layer = InputLayer(input_shape=shape, batch_size=batch_size, dtype=dtype, name=name,
                       sparse=sparse, ragged=ragged, **kwargs)
    return layer.output
