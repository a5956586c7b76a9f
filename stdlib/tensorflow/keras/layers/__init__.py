"""tf.keras.layers: Layer and the layers built on it, written over tf ops.

A layer makes its weights on its first call, from the input's shape (build), as
Keras does; the weights are tf.Variables whose initial values are computed where
the program first needs them (so inside a tf.function's first trace too). The
`training` argument reaches nested layers: a call without one inherits the
enclosing layer's.
"""
import _ingot
import tensorflow as tf
from ... import module as _module
from ... import math as _math
from ... import nn as _nn
from ... import array_ops as _array_ops
from ... import _missing
from .. import initializers
from .. import activations

_float32 = _ingot.float32
_names_used = {}
_training_stack = [None]


def _unique_name(base):
    n = _names_used.get(base, 0)
    _names_used[base] = n + 1
    return base if n == 0 else "%s_%d" % (base, n)


def _shape_of(x):
    return tuple(x.shape)


class Layer(_module.Module):
    def __init__(self, trainable=True, name=None, dtype=None, **kwargs):
        for key in kwargs:
            if key not in ("input_shape", "input_dim", "autocast", "dynamic"):
                raise TypeError("Keyword argument not understood: '%s'" % key)
        _module.Module.__init__(self, name if name is not None
                                else _unique_name(_module._snake(type(self).__name__)))
        self.trainable = trainable
        self.built = False
        self.dtype = _float32 if dtype is None else dtype
        self._input_shape_arg = kwargs.get("input_shape")

    # ---- weights ------------------------------------------------------------------
    def add_weight(self, name=None, shape=None, dtype=None, initializer=None, trainable=True,
                   **kwargs):
        """A tf.Variable of shape, its initial value from initializer (a name, an
        initializer or a callable; Keras's default glorot_uniform for floats)."""
        shape = () if shape is None else tuple(shape)
        for d in shape:
            if not isinstance(d, int):
                raise ValueError("add_weight: every dimension of '%s' must be known, got %s"
                                 % (name, shape))
        dtype = self.dtype if dtype is None else dtype
        init = initializers.get("glorot_uniform" if initializer is None else initializer)
        return _ingot.variable(lambda: init(shape, dtype), trainable and self.trainable,
                               "%s/%s" % (self.name, name or "weight"), dtype, None)

    def build(self, input_shape):
        pass

    def call(self, inputs, *args, **kwargs):
        return inputs

    def __call__(self, inputs, *args, **kwargs):
        training = kwargs.pop("training", None)
        if training is None:
            training = _training_stack[-1]
        if not self.built:
            self.build(_shape_of(_array_ops._tensor(inputs)) if _ingot.is_tensor(inputs)
                       else inputs)
            self.built = True
        if _ingot.accepts_argument(self.call, "training"):
            kwargs["training"] = training
        _training_stack.append(training)
        try:
            return self.call(inputs, *args, **kwargs)
        finally:
            _training_stack.pop()

    # ---- what the layer holds ------------------------------------------------------
    @property
    def weights(self):
        return list(self.variables)

    @property
    def trainable_weights(self):
        return list(self.trainable_variables) if self.trainable else []

    @property
    def non_trainable_weights(self):
        if self.trainable:
            return list(self.non_trainable_variables)
        return list(self.variables)

    @property
    def trainable_variables(self):
        if not self.trainable:
            return ()
        return tuple(v for v in self.variables if v.trainable)

    def count_params(self):
        total = 0
        for v in self.variables:
            n = 1
            for d in v.shape:
                n *= d
            total += n
        return total


class Dense(Layer):
    """activation(inputs @ kernel + bias) over the last axis."""

    def __init__(self, units, activation=None, use_bias=True, kernel_initializer="glorot_uniform",
                 bias_initializer="zeros", **kwargs):
        Layer.__init__(self, **kwargs)
        if not isinstance(units, int) or units < 1:
            raise ValueError("Received an invalid value for `units`, expected a positive "
                             "integer. Received: units=%s" % (units,))
        self.units = units
        self.activation = activations.get(activation)
        self.use_bias = use_bias
        self.kernel_initializer = initializers.get(kernel_initializer)
        self.bias_initializer = initializers.get(bias_initializer)

    def build(self, input_shape):
        last = input_shape[-1] if len(input_shape) else None
        if last is None:
            raise ValueError("The last dimension of the inputs to a Dense layer should be "
                             "defined. Found None. Full input shape received: %s"
                             % (input_shape,))
        self.kernel = self.add_weight("kernel", [last, self.units],
                                      initializer=self.kernel_initializer)
        self.bias = self.add_weight("bias", [self.units], initializer=self.bias_initializer) \
            if self.use_bias else None

    def call(self, inputs):
        x = _array_ops._tensor(inputs)
        if len(x.shape) == 2:
            y = _math.matmul(x, self.kernel)
        else:
            rows = _array_ops.reshape(x, [-1, x.shape[-1]])
            y = _array_ops.reshape(_math.matmul(rows, self.kernel),
                                   tf.concat([tf.shape(x)[:-1], [self.units]], 0))
        if self.bias is not None:
            y = y + self.bias
        return self.activation(y)


class Flatten(Layer):
    """[batch, d1, d2, ...] -> [batch, d1 * d2 * ...]."""

    def call(self, inputs):
        x = _array_ops._tensor(inputs)
        rest = 1
        for d in x.shape[1:]:
            if d is None:
                return _array_ops.reshape(x, tf.stack([tf.shape(x)[0], -1]))
            rest *= d
        return _array_ops.reshape(x, [-1, rest])


class Reshape(Layer):
    def __init__(self, target_shape, **kwargs):
        Layer.__init__(self, **kwargs)
        self.target_shape = tuple(target_shape)

    def call(self, inputs):
        return _array_ops.reshape(inputs, [-1] + list(self.target_shape))


class Activation(Layer):
    def __init__(self, activation, **kwargs):
        Layer.__init__(self, **kwargs)
        self.activation = activations.get(activation)

    def call(self, inputs):
        return self.activation(inputs)


class ReLU(Layer):
    def call(self, inputs):
        return _nn.relu(inputs)


class Softmax(Layer):
    def __init__(self, axis=-1, **kwargs):
        Layer.__init__(self, **kwargs)
        self.axis = axis

    def call(self, inputs):
        return _nn.softmax(inputs, axis=self.axis)


class Dropout(Layer):
    """Zeroes a fraction rate of the inputs, scaling the rest, when training; the
    inputs unchanged otherwise."""

    def __init__(self, rate, noise_shape=None, seed=None, **kwargs):
        Layer.__init__(self, **kwargs)
        if not isinstance(rate, (int, float)) or not 0 <= rate <= 1:
            raise ValueError("Invalid value received for argument `rate`. Expected a float "
                             "value between 0 and 1. Received: rate=%s" % (rate,))
        self.rate = rate
        self.noise_shape = noise_shape
        self.seed = seed

    def call(self, inputs, training=None):
        if not training or self.rate == 0:
            return _array_ops._tensor(inputs)
        return _nn.dropout(inputs, self.rate, noise_shape=self.noise_shape, seed=self.seed)


__ingot_missing__ = _missing.names(__name__)
