"""tf.keras.Sequential: layers applied one after another, a Model."""
from . import layers as _layers
from .training import Model
from .. import _missing


class Sequential(Model):
    def __init__(self, layers=None, name=None):
        Model.__init__(self, name=name)
        self._layers = []
        for layer in layers or []:
            self.add(layer)

    def add(self, layer):
        if not isinstance(layer, _layers.Layer):
            raise TypeError("The added layer must be an instance of class Layer. "
                            "Received: layer=%s of type %s." % (layer, type(layer).__name__))
        self._layers.append(layer)

    def pop(self):
        if not self._layers:
            raise TypeError("There are no layers in the model.")
        return self._layers.pop()

    @property
    def layers(self):
        return list(self._layers)

    def call(self, inputs, training=None):
        x = inputs
        for layer in self._layers:
            x = layer(x, training=training)
        return x


__ingot_missing__ = _missing.names(__name__)
