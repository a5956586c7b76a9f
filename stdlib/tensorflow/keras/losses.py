"""tf.keras.losses: Keras's losses, by its formulas (Keras 2.11), as classes and as
functions of (y_true, y_pred) giving one loss per sample.

A Loss object reduces the per-sample losses as Keras's default "sum_over_batch_size":
their (weighted) sum divided by their number. Probabilities (from_logits=False) are
clipped to [1e-7, 1 - 1e-7] before the log, as Keras's backend does.
"""
import _ingot
import tensorflow as tf
from .. import _missing

EPSILON = 1e-7


def _pred_and_true(y_true, y_pred, true_dtype=None):
    y_pred = tf.convert_to_tensor(y_pred)
    y_true = tf.cast(tf.convert_to_tensor(y_true), true_dtype or y_pred.dtype)
    return y_true, y_pred


def sparse_categorical_crossentropy(y_true, y_pred, from_logits=False, axis=-1):
    y_pred = tf.convert_to_tensor(y_pred)
    labels = tf.convert_to_tensor(y_true)
    if labels.dtype not in (tf.int32, tf.int64):
        labels = tf.cast(labels, tf.int32)
    if len(labels.shape) == len(y_pred.shape):   # labels of shape [batch, 1]
        labels = tf.squeeze(labels, [-1])
    if from_logits:
        return tf.nn.sparse_softmax_cross_entropy_with_logits(labels, y_pred)
    p = tf.clip_by_value(y_pred / tf.reduce_sum(y_pred, axis, keepdims=True), EPSILON,
                         1.0 - EPSILON)
    return -tf.reduce_sum(tf.one_hot(labels, p.shape[-1], dtype=p.dtype) * tf.math.log(p), axis)


def categorical_crossentropy(y_true, y_pred, from_logits=False, label_smoothing=0.0, axis=-1):
    y_true, y_pred = _pred_and_true(y_true, y_pred)
    if label_smoothing:
        classes = tf.cast(tf.shape(y_true)[-1], y_pred.dtype)
        y_true = y_true * (1.0 - label_smoothing) + label_smoothing / classes
    if from_logits:
        return tf.nn.softmax_cross_entropy_with_logits(y_true, y_pred, axis=axis)
    p = tf.clip_by_value(y_pred / tf.reduce_sum(y_pred, axis, keepdims=True), EPSILON,
                         1.0 - EPSILON)
    return -tf.reduce_sum(y_true * tf.math.log(p), axis)


def binary_crossentropy(y_true, y_pred, from_logits=False, label_smoothing=0.0, axis=-1):
    y_true, y_pred = _pred_and_true(y_true, y_pred)
    if label_smoothing:
        y_true = y_true * (1.0 - label_smoothing) + 0.5 * label_smoothing
    if from_logits:
        per_element = tf.nn.sigmoid_cross_entropy_with_logits(y_true, y_pred)
    else:
        p = tf.clip_by_value(y_pred, EPSILON, 1.0 - EPSILON)
        per_element = -(y_true * tf.math.log(p + EPSILON) +
                        (1.0 - y_true) * tf.math.log(1.0 - p + EPSILON))
    return tf.reduce_mean(per_element, axis)


def mean_squared_error(y_true, y_pred):
    y_true, y_pred = _pred_and_true(y_true, y_pred)
    return tf.reduce_mean(tf.square(y_pred - y_true), -1)


def mean_absolute_error(y_true, y_pred):
    y_true, y_pred = _pred_and_true(y_true, y_pred)
    return tf.reduce_mean(tf.abs(y_pred - y_true), -1)


mse = MSE = mean_squared_error
mae = MAE = mean_absolute_error


class Loss:
    """Per-sample losses (call) reduced to a scalar: "sum_over_batch_size" (Keras's
    default), "sum" or "none"."""

    def __init__(self, reduction="auto", name=None):
        if reduction not in ("auto", "sum_over_batch_size", "sum", "none"):
            raise ValueError("Invalid Reduction Key: %s." % reduction)
        self.reduction = "sum_over_batch_size" if reduction == "auto" else reduction
        self.name = name

    def call(self, y_true, y_pred):
        raise NotImplementedError

    def __call__(self, y_true, y_pred, sample_weight=None):
        losses = self.call(y_true, y_pred)
        if sample_weight is not None:
            weight = tf.cast(tf.convert_to_tensor(sample_weight), losses.dtype)
            if len(weight.shape) > len(losses.shape):
                weight = tf.squeeze(weight, [-1])
            losses = losses * weight
        if self.reduction == "none":
            return losses
        total = tf.reduce_sum(losses)
        if self.reduction == "sum":
            return total
        # Keras's divide_no_nan: a replica's empty share of a last batch has loss 0.
        return tf.math.divide_no_nan(total, tf.cast(tf.size(losses), losses.dtype))


class _Wrapper(Loss):
    def __init__(self, fn, name, reduction="auto", **options):
        Loss.__init__(self, reduction, name)
        self._fn = fn
        self._options = options

    def call(self, y_true, y_pred):
        return self._fn(y_true, y_pred, **self._options)


class SparseCategoricalCrossentropy(_Wrapper):
    def __init__(self, from_logits=False, reduction="auto",
                 name="sparse_categorical_crossentropy"):
        _Wrapper.__init__(self, sparse_categorical_crossentropy, name, reduction,
                          from_logits=from_logits)


class CategoricalCrossentropy(_Wrapper):
    def __init__(self, from_logits=False, label_smoothing=0.0, reduction="auto",
                 name="categorical_crossentropy"):
        _Wrapper.__init__(self, categorical_crossentropy, name, reduction,
                          from_logits=from_logits, label_smoothing=label_smoothing)


class BinaryCrossentropy(_Wrapper):
    def __init__(self, from_logits=False, label_smoothing=0.0, reduction="auto",
                 name="binary_crossentropy"):
        _Wrapper.__init__(self, binary_crossentropy, name, reduction,
                          from_logits=from_logits, label_smoothing=label_smoothing)


class MeanSquaredError(_Wrapper):
    def __init__(self, reduction="auto", name="mean_squared_error"):
        _Wrapper.__init__(self, mean_squared_error, name, reduction)


class MeanAbsoluteError(_Wrapper):
    def __init__(self, reduction="auto", name="mean_absolute_error"):
        _Wrapper.__init__(self, mean_absolute_error, name, reduction)


_BY_NAME = {
    "sparse_categorical_crossentropy": SparseCategoricalCrossentropy,
    "categorical_crossentropy": CategoricalCrossentropy,
    "binary_crossentropy": BinaryCrossentropy,
    "mean_squared_error": MeanSquaredError, "mse": MeanSquaredError,
    "mean_absolute_error": MeanAbsoluteError, "mae": MeanAbsoluteError,
}


def get(identifier):
    """A Loss from a name ("sparse_categorical_crossentropy", "mse"), a Loss, or a
    function of (y_true, y_pred)."""
    if isinstance(identifier, Loss) or (callable(identifier) and
                                        not isinstance(identifier, type)):
        return identifier
    if isinstance(identifier, str) and identifier in _BY_NAME:
        return _BY_NAME[identifier]()
    raise ValueError("Could not interpret loss function identifier: %s" % (identifier,))


__ingot_missing__ = _missing.names(__name__)
