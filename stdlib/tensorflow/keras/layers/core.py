"""Core layers: Dense, Flatten, Reshape, Activation, ReLU, Softmax, Dropout, Embedding."""
import tensorflow as tf
from ... import math as _math
from ... import nn as _nn
from ... import array_ops as _array_ops
from .. import initializers
from .. import activations
from .base import Layer

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


class Embedding(Layer):
    """Rows of a [input_dim, output_dim] table, looked up by integer inputs."""

    def __init__(self, input_dim, output_dim, embeddings_initializer="uniform", **kwargs):
        Layer.__init__(self, **kwargs)
        if not isinstance(input_dim, int) or input_dim < 1 or \
                not isinstance(output_dim, int) or output_dim < 1:
            raise ValueError("Both `input_dim` and `output_dim` should be positive, Received "
                             "input_dim = %s and output_dim = %s" % (input_dim, output_dim))
        self.input_dim, self.output_dim = input_dim, output_dim
        self.embeddings_initializer = initializers.get(
            "random_uniform" if embeddings_initializer == "uniform" else embeddings_initializer)

    def build(self, input_shape):
        self.embeddings = self.add_weight("embeddings", [self.input_dim, self.output_dim],
                                          initializer=self.embeddings_initializer)

    def call(self, inputs):
        ids = _array_ops._tensor(inputs)
        if ids.dtype not in (tf.int32, tf.int64):
            ids = tf.cast(ids, tf.int32)
        return tf.gather(self.embeddings, ids)
