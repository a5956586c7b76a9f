"""Convolution and pooling layers (NHWC, as Ingot's 2-D ops): Conv2D, MaxPooling2D,
AveragePooling2D, GlobalAveragePooling2D, GlobalMaxPooling2D."""
import _ingot
import tensorflow as tf
from .. import initializers
from .. import activations
from .base import Layer


def _pair(v, what):
    if isinstance(v, int):
        return (v, v)
    v = tuple(v)
    if len(v) != 2 or not all(isinstance(d, int) and d > 0 for d in v):
        raise ValueError("The `%s` argument must be a tuple of 2 integers. Received: %s"
                         % (what, v))
    return v


def _padding(padding):
    p = padding.lower() if isinstance(padding, str) else padding
    if p not in ("valid", "same"):
        raise ValueError("The `padding` argument must be a list/tuple or one of \"valid\", "
                         "\"same\". Received: %s" % (padding,))
    return p.upper()


def _channels_last(data_format):
    if data_format not in (None, "channels_last"):
        _ingot.not_supported("data_format=%r (Ingot's 2-D layers are channels_last)"
                             % (data_format,))


class Conv2D(Layer):
    def __init__(self, filters, kernel_size, strides=(1, 1), padding="valid", data_format=None,
                 dilation_rate=(1, 1), activation=None, use_bias=True,
                 kernel_initializer="glorot_uniform", bias_initializer="zeros", **kwargs):
        Layer.__init__(self, **kwargs)
        _channels_last(data_format)
        if not isinstance(filters, int) or filters < 1:
            raise ValueError("Invalid value for argument `filters`. Expected a strictly "
                             "positive value. Received filters=%s." % (filters,))
        self.filters = filters
        self.kernel_size = _pair(kernel_size, "kernel_size")
        self.strides = _pair(strides, "strides")
        self.dilation_rate = _pair(dilation_rate, "dilation_rate")
        self.padding = _padding(padding)
        self.activation = activations.get(activation)
        self.use_bias = use_bias
        self.kernel_initializer = initializers.get(kernel_initializer)
        self.bias_initializer = initializers.get(bias_initializer)

    def build(self, input_shape):
        if len(input_shape) != 4 or input_shape[-1] is None:
            raise ValueError("Conv2D expects inputs of shape (batch, height, width, channels) "
                             "with known channels, got %s" % (input_shape,))
        shape = list(self.kernel_size) + [input_shape[-1], self.filters]
        self.kernel = self.add_weight("kernel", shape, initializer=self.kernel_initializer)
        self.bias = self.add_weight("bias", [self.filters], initializer=self.bias_initializer) \
            if self.use_bias else None

    def call(self, inputs):
        y = tf.nn.conv2d(inputs, self.kernel, list(self.strides), self.padding,
                         dilations=list(self.dilation_rate))
        if self.bias is not None:
            y = tf.nn.bias_add(y, self.bias)
        return self.activation(y)


class _Pooling2D(Layer):
    def __init__(self, pool, pool_size=(2, 2), strides=None, padding="valid", data_format=None,
                 **kwargs):
        Layer.__init__(self, **kwargs)
        _channels_last(data_format)
        self._pool = pool
        self.pool_size = _pair(pool_size, "pool_size")
        self.strides = self.pool_size if strides is None else _pair(strides, "strides")
        self.padding = _padding(padding)

    def call(self, inputs):
        return self._pool(inputs, list(self.pool_size), list(self.strides), self.padding)


class MaxPooling2D(_Pooling2D):
    def __init__(self, pool_size=(2, 2), strides=None, padding="valid", data_format=None,
                 **kwargs):
        _Pooling2D.__init__(self, tf.nn.max_pool2d, pool_size, strides, padding, data_format,
                            **kwargs)


class AveragePooling2D(_Pooling2D):
    def __init__(self, pool_size=(2, 2), strides=None, padding="valid", data_format=None,
                 **kwargs):
        _Pooling2D.__init__(self, tf.nn.avg_pool2d, pool_size, strides, padding, data_format,
                            **kwargs)


class GlobalAveragePooling2D(Layer):
    def __init__(self, data_format=None, keepdims=False, **kwargs):
        Layer.__init__(self, **kwargs)
        _channels_last(data_format)
        self.keepdims = keepdims

    def call(self, inputs):
        return tf.reduce_mean(inputs, axis=[1, 2], keepdims=self.keepdims)


class GlobalMaxPooling2D(GlobalAveragePooling2D):
    def call(self, inputs):
        return tf.reduce_max(inputs, axis=[1, 2], keepdims=self.keepdims)
