"""tf.keras.Sequential: layers applied one after another, a Model.

Given its input's shape -- a tf.keras.Input (or InputLayer) first, or input_shape= on
the first layer -- a Sequential builds each layer as it is added, as Keras does, so
summary() works before the model has seen data."""
from . import layers as _layers
from . import keras_tensor as _kt
from .layers.input_layer import InputLayer, Input
from .training import Model
from .. import _missing


class Sequential(Model):
    def __init__(self, layers=None, name=None):
        Model.__init__(self, name=name)
        self._layers = []
        self._input = None             # the symbolic input, once known
        self._symbolic_output = None   # and the last layer's output on it
        for layer in layers or []:
            self.add(layer)

    def add(self, layer):
        if isinstance(layer, _kt.KerasTensor) and layer._node is None:
            layer = layer._input_layer
        if isinstance(layer, InputLayer):
            if self._layers or self._input is not None:
                raise ValueError("Sequential: an input layer must come first")
            self._set_input(layer.output)
            return
        if not isinstance(layer, _layers.Layer):
            raise TypeError("The added layer must be an instance of class Layer. "
                            "Received: layer=%s of type %s." % (layer, type(layer).__name__))
        shape = layer._input_shape_arg
        if not self._layers and self._input is None and shape is not None:
            self._set_input(Input(shape=shape))
        self._layers.append(layer)
        if self._input is not None:   # build it now, on the known shape
            self._set_output(layer(self._symbolic_output))

    def _set_input(self, tensor):
        self._input = tensor
        self.inputs = [tensor]
        self._set_output(tensor)

    def _set_output(self, tensor):
        self._symbolic_output = tensor
        self.outputs = [tensor]
        if self._layers:
            self.built = True
            self._output_shape = tensor.shape

    def pop(self):
        if not self._layers:
            raise TypeError("There are no layers in the model.")
        layer = self._layers.pop()
        if self._input is not None:   # the symbolic chain again, without the layer
            out = self._input
            for kept in self._layers:
                out = kept(out)
            self._set_output(out)
        return layer

    @property
    def layers(self):
        return list(self._layers)

    def call(self, inputs, training=None):
        x = inputs
        for layer in self._layers:
            x = layer(x, training=training)
        return x


__ingot_missing__ = _missing.names(__name__)
