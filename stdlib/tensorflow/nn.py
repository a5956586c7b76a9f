"""tf.nn: neural-network building blocks.

conv2d and the pools work on NHWC tensors with TensorFlow's SAME/VALID padding;
softmax, log_softmax, batch normalization and the sparse cross-entropy are single
ops on oneDNN primitives; the other losses are written from them as TensorFlow
writes them.
"""
from . import _missing
import _ingot
from . import math as _math
from . import array_ops as _array_ops
from . import random as _random

sigmoid = _math.sigmoid
tanh = _math.tanh


def _tensor(x, dtype=None):
    return _ingot.convert_to_tensor(x, dtype)


def relu(features, name=None):
    return _ingot.unary("relu", features)


def softmax(logits, axis=None, name=None):
    x = _tensor(logits)
    return _ingot.op("softmax", [x], {"axis": _math._axis(-1 if axis is None else axis, len(x.shape))})


def log_softmax(logits, axis=None, name=None):
    x = _tensor(logits)
    return _ingot.op("log_softmax", [x], {"axis": _math._axis(-1 if axis is None else axis, len(x.shape))})


def sparse_softmax_cross_entropy_with_logits(labels=None, logits=None, name=None):
    """Per example: logsumexp(logits) - logits[label]; a label outside [0, classes)
    stops the program with TensorFlow's error."""
    if labels is None or logits is None:
        raise ValueError("Both labels and logits must be provided.")
    return _ingot.op("sparse_softmax_xent", [_tensor(logits), _tensor(labels)])


def softmax_cross_entropy_with_logits(labels, logits, axis=-1, name=None):
    x = _tensor(logits)
    y = _tensor(labels, x.dtype)
    if None not in x.shape and None not in y.shape and x.shape != y.shape:
        raise ValueError("logits and labels must be broadcastable: logits_size=%s labels_size=%s"
                         % (list(x.shape), list(y.shape)))
    if axis == -1 or axis == len(x.shape) - 1:
        # One fused op, whose gradient is one rule (TensorFlow's kernel is fused too).
        return _ingot.op("softmax_xent", [x, y], {})
    return _math.negative(_math.reduce_sum(_math.multiply(y, log_softmax(x, axis)), axis))


def sigmoid_cross_entropy_with_logits(labels=None, logits=None, name=None):
    """max(x, 0) - x * z + log(1 + exp(-|x|)), TensorFlow's stable form, as one op."""
    x = _tensor(logits)
    z = _tensor(labels, x.dtype)
    if None not in x.shape and None not in z.shape and x.shape != z.shape:
        raise ValueError("logits and labels must have the same shape (%s vs %s)" % (x.shape, z.shape))
    return _ingot.op("sigmoid_xent", [x, z], {})


def compute_average_loss(per_example_loss, sample_weight=None, global_batch_size=None):
    """The loss of a replica's share of a global batch, scaled so that the replicas'
    gradients summed (as a strategy's optimizer sums them) are the gradient of the mean
    over the global batch: sum(per_example_loss) / global_batch_size, which defaults
    to this replica's batch times num_replicas_in_sync."""
    import tensorflow as tf
    losses = _tensor(per_example_loss)
    if len(losses.shape) == 0:
        raise ValueError("Invalid value passed for `per_example_loss`. Expected a tensor "
                         "with at least rank 1. Received: %s" % (losses,))
    if sample_weight is not None:
        losses = losses * _ingot.cast(_tensor(sample_weight), losses.dtype)
    if global_batch_size is None:
        batch = _ingot.shape(losses)[0]
        global_batch_size = batch * tf.distribute.get_strategy().num_replicas_in_sync
    # 0 for an empty global batch, as TensorFlow documents (a replica's share may be empty).
    return _math.divide_no_nan(_math.reduce_sum(losses), _ingot.cast(global_batch_size,
                                                                      losses.dtype))


def _pair(v, what):
    """strides/ksize/dilations: an int, or 1, 2 or 4 ints (NHWC: the middle two)."""
    if isinstance(v, int):
        return [v, v]
    v = list(v)
    if len(v) == 1:
        return [v[0], v[0]]
    if len(v) == 2:
        return v
    if len(v) == 4:
        if v[0] != 1 or v[3] != 1:
            _ingot.not_supported(what + " over the batch or channel dimension")
        return [v[1], v[2]]
    raise ValueError("%s should be of length 1, 2 or 4 but was %d" % (what, len(v)))


def _padding(padding):
    if not isinstance(padding, str):
        _ingot.not_supported("explicit padding lists (use \"SAME\" or \"VALID\")")
    p = padding.upper()
    if p not in ("SAME", "VALID"):
        raise ValueError("padding must be \"SAME\" or \"VALID\", got " + repr(padding))
    return p


def _nhwc(data_format):
    if data_format not in (None, "NHWC"):
        _ingot.not_supported("data_format " + repr(data_format) + " (Ingot's 2-D ops are NHWC)")


def conv2d(input, filters, strides, padding, data_format="NHWC", dilations=None, name=None):
    _nhwc(data_format)
    return _ingot.op("conv2d", [_tensor(input), _tensor(filters)],
                     {"strides": _pair(strides, "strides"), "dilations": _pair(1 if dilations is None else dilations, "dilations"),
                      "padding": _padding(padding)})


def max_pool2d(input, ksize, strides, padding, data_format="NHWC", name=None):
    _nhwc(data_format)
    return _ingot.op("max_pool2d", [_tensor(input)],
                     {"ksize": _pair(ksize, "ksize"), "strides": _pair(strides, "strides"), "padding": _padding(padding)})


def avg_pool2d(input, ksize, strides, padding, data_format="NHWC", name=None):
    _nhwc(data_format)
    return _ingot.op("avg_pool2d", [_tensor(input)],
                     {"ksize": _pair(ksize, "ksize"), "strides": _pair(strides, "strides"), "padding": _padding(padding)})


max_pool = max_pool2d
avg_pool = avg_pool2d


def bias_add(value, bias, data_format=None, name=None):
    if data_format not in (None, "NHWC", "N...C"):
        _ingot.not_supported("data_format " + repr(data_format) + " (Ingot's bias_add adds along the last dim)")
    x = _tensor(value)
    b = _tensor(bias, x.dtype)
    if len(b.shape) != 1:
        raise ValueError("Shape must be rank 1 but is rank %d for bias" % len(b.shape))
    if len(x.shape) < 2:
        raise ValueError("Shape must be at least rank 2 but is rank %d for value" % len(x.shape))
    c, n = x.shape[-1], b.shape[0]
    if c is not None and n is not None and c != n:
        raise ValueError("Dimensions must be equal, but are %d and %d for bias_add" % (c, n))
    return _math.add(x, b)


def moments(x, axes, shift=None, keepdims=False, name=None):
    """mean and variance over axes: variance = mean((x - mean)^2), as TensorFlow."""
    x = _tensor(x)
    mean = _math.reduce_mean(x, axes, True)
    variance = _math.reduce_mean(_math.squared_difference(x, mean), axes, True)
    if not keepdims:
        mean = _array_ops.squeeze(mean, axes)
        variance = _array_ops.squeeze(variance, axes)
    return mean, variance


def batch_normalization(x, mean, variance, offset, scale, variance_epsilon, name=None):
    """(x - mean) / sqrt(variance + epsilon) * scale + offset. Per-channel statistics
    (vectors over x's last dim) run as one oneDNN batch normalization; any other
    broadcastable shapes, as TensorFlow's formula."""
    x = _tensor(x)
    mean = _tensor(mean, x.dtype)
    variance = _tensor(variance, x.dtype)
    offset = None if offset is None else _tensor(offset, x.dtype)
    scale = None if scale is None else _tensor(scale, x.dtype)
    c = x.shape[-1] if len(x.shape) else None
    per_channel = c is not None and all(
        t is None or t.shape == (c,) for t in (mean, variance, offset, scale))
    if per_channel:
        off = _array_ops.zeros_like(mean) if offset is None else offset
        sc = _array_ops.ones_like(mean) if scale is None else scale
        return _ingot.op("batch_norm", [x, mean, variance, off, sc], {"epsilon": float(variance_epsilon)})
    inv = _math.rsqrt(_math.add(variance, variance_epsilon))
    if scale is not None:
        inv = _math.multiply(inv, scale)
    shift = _math.negative(_math.multiply(mean, inv))
    if offset is not None:
        shift = _math.add(offset, shift)
    return _math.add(_math.multiply(x, inv), shift)


def dropout(x, rate, noise_shape=None, seed=None, name=None):
    """Each element kept with probability 1 - rate and scaled by 1 / (1 - rate), the
    rest zeroed; the draws come from the global generator (tf.random.set_seed) or,
    with seed, from a generator of that seed."""
    x = _tensor(x)
    if _ingot.is_tensor(rate):
        _ingot.not_supported("a tensor as tf.nn.dropout's rate (use a Python float)")
    if not (0 <= rate < 1):
        raise ValueError("rate must be a scalar tensor or a float in the range [0, 1), got %g" % rate)
    if rate == 0:
        return x
    if noise_shape is not None:
        _ingot.not_supported("tf.nn.dropout's noise_shape")
    if None in x.shape:
        _ingot.not_supported("tf.nn.dropout of a tensor with unknown dimensions")
    if seed is None:
        u = _random.uniform(list(x.shape), dtype=x.dtype)
    else:
        u = _random.Generator.from_seed(seed).uniform(list(x.shape), dtype=x.dtype)
    keep = _math.greater_equal(u, _tensor(rate, x.dtype))
    scaled = _math.multiply(x, _tensor(1.0 / (1.0 - rate), x.dtype))
    return _ingot.op("select", [keep, scaled, _array_ops.zeros_like(x)])

__ingot_missing__ = _missing.names(__name__)
