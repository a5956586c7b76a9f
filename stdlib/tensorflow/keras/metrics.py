"""tf.keras.metrics: running statistics held in variables (total, count), so a
metric updated inside a tf.function accumulates on every call of the program.
update_state adds a batch, result() reads the statistic, reset_state() starts over.
"""
import _ingot
import tensorflow as tf
from .. import _missing
from .. import distribute as _distribute

_float32 = _ingot.float32


def _state(name, value_name):
    return _ingot.variable(0.0, False, "%s/%s" % (name, value_name), _float32, None)


class Metric:
    def __init__(self, name=None, dtype=None):
        self.name = name if name is not None else type(self).__name__.lower()
        self.dtype = _float32 if dtype is None else dtype
        # Made in a tf.distribute strategy's scope: each replica accumulates its own
        # data, and result() is over all of theirs (TensorFlow's sync-on-read sum).
        self._distribute_strategy = _distribute._current()

    def __call__(self, *args, **kwargs):
        self.update_state(*args, **kwargs)
        return self.result()

    @property
    def variables(self):
        return [v for v in vars(self).values() if _ingot.is_tensor(v) and hasattr(v, "assign")]

    def reset_state(self):
        for v in self.variables:
            v.assign(tf.zeros_like(v))

    reset_states = reset_state


class Mean(Metric):
    """The (weighted) mean of every value given so far."""

    def __init__(self, name="mean", dtype=None):
        Metric.__init__(self, name, dtype)
        self.total = _state(self.name, "total")
        self.count = _state(self.name, "count")

    def update_state(self, values, sample_weight=None):
        values = tf.cast(tf.convert_to_tensor(values), _float32)
        if sample_weight is None:
            self.total.assign_add(tf.reduce_sum(values))
            self.count.assign_add(tf.cast(tf.size(values), _float32))
            return
        weight = tf.broadcast_to(tf.cast(tf.convert_to_tensor(sample_weight), _float32),
                                 tf.shape(values))
        self.total.assign_add(tf.reduce_sum(values * weight))
        self.count.assign_add(tf.reduce_sum(weight))

    def result(self):
        total, count = self.total, self.count
        strategy = self._distribute_strategy
        if strategy is not None:
            total, count = _distribute.all_reduce_sum([total, count],
                                                      strategy.num_replicas_in_sync)
        return tf.where(count > 0.0, total / tf.maximum(count, 1e-30), 0.0)


class MeanMetricWrapper(Mean):
    """The mean of fn(y_true, y_pred) per sample: how Keras's accuracy metrics work."""

    def __init__(self, fn, name, dtype=None, **options):
        Mean.__init__(self, name, dtype)
        self._fn = fn
        self._options = options

    def update_state(self, y_true, y_pred, sample_weight=None):
        Mean.update_state(self, self._fn(y_true, y_pred, **self._options), sample_weight)


def sparse_categorical_accuracy(y_true, y_pred):
    y_pred = tf.convert_to_tensor(y_pred)
    labels = tf.convert_to_tensor(y_true)
    if len(labels.shape) == len(y_pred.shape):
        labels = tf.squeeze(labels, [-1])
    predicted = tf.argmax(y_pred, axis=-1, output_type=tf.int64)
    return tf.cast(tf.equal(predicted, tf.cast(labels, tf.int64)), _float32)


def categorical_accuracy(y_true, y_pred):
    return tf.cast(tf.equal(tf.argmax(y_true, axis=-1), tf.argmax(y_pred, axis=-1)), _float32)


def binary_accuracy(y_true, y_pred, threshold=0.5):
    y_pred = tf.convert_to_tensor(y_pred)
    predicted = tf.cast(y_pred > threshold, y_pred.dtype)
    return tf.reduce_mean(tf.cast(tf.equal(tf.cast(y_true, y_pred.dtype), predicted), _float32),
                          -1)


def accuracy(y_true, y_pred):
    y_pred = tf.convert_to_tensor(y_pred)
    return tf.cast(tf.equal(tf.cast(y_true, y_pred.dtype), y_pred), _float32)


class SparseCategoricalAccuracy(MeanMetricWrapper):
    def __init__(self, name="sparse_categorical_accuracy", dtype=None):
        MeanMetricWrapper.__init__(self, sparse_categorical_accuracy, name, dtype)


class CategoricalAccuracy(MeanMetricWrapper):
    def __init__(self, name="categorical_accuracy", dtype=None):
        MeanMetricWrapper.__init__(self, categorical_accuracy, name, dtype)


class BinaryAccuracy(MeanMetricWrapper):
    def __init__(self, name="binary_accuracy", dtype=None, threshold=0.5):
        MeanMetricWrapper.__init__(self, binary_accuracy, name, dtype, threshold=threshold)


class Accuracy(MeanMetricWrapper):
    def __init__(self, name="accuracy", dtype=None):
        MeanMetricWrapper.__init__(self, accuracy, name, dtype)


__ingot_missing__ = _missing.names(__name__)
