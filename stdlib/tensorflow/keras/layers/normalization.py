"""BatchNormalization: normalized by the batch's statistics while training (and the
moving averages updated), by the moving averages otherwise.

Under a tf.distribute strategy each replica normalizes by its own share of the batch
(TensorFlow's BatchNormalization, not SyncBatchNormalization), and the moving averages
are updated with the mean of the replicas' statistics: what TensorFlow's moving
averages read as (on-read variables aggregated by MEAN), kept equal on every replica."""
import _ingot
import tensorflow as tf
from ... import distribute as _distribute
from .. import initializers
from .base import Layer


class BatchNormalization(Layer):
    def __init__(self, axis=-1, momentum=0.99, epsilon=0.001, center=True, scale=True,
                 beta_initializer="zeros", gamma_initializer="ones",
                 moving_mean_initializer="zeros", moving_variance_initializer="ones", **kwargs):
        Layer.__init__(self, **kwargs)
        if axis != -1:
            _ingot.not_supported("BatchNormalization over an axis other than the last")
        self.axis = axis
        self.momentum = momentum
        self.epsilon = epsilon
        self.center, self.scale = center, scale
        self.beta_initializer = initializers.get(beta_initializer)
        self.gamma_initializer = initializers.get(gamma_initializer)
        self.moving_mean_initializer = initializers.get(moving_mean_initializer)
        self.moving_variance_initializer = initializers.get(moving_variance_initializer)
        self._distribute_strategy = _distribute._current()

    def build(self, input_shape):
        channels = input_shape[-1]
        if channels is None:
            raise ValueError("Axis -1 of input tensor should have a defined dimension but the "
                             "layer received an input with shape %s." % (input_shape,))
        self.gamma = self.add_weight("gamma", [channels], initializer=self.gamma_initializer) \
            if self.scale else None
        self.beta = self.add_weight("beta", [channels], initializer=self.beta_initializer) \
            if self.center else None
        self.moving_mean = self.add_weight("moving_mean", [channels], trainable=False,
                                           initializer=self.moving_mean_initializer)
        self.moving_variance = self.add_weight("moving_variance", [channels], trainable=False,
                                               initializer=self.moving_variance_initializer)

    def call(self, inputs, training=None):
        x = tf.convert_to_tensor(inputs)
        if training:
            axes = list(range(len(x.shape) - 1))
            mean, variance = tf.nn.moments(x, axes)
            # The moving variance takes Bessel's correction n/(n-1) for 4-D inputs, as the
            # fused kernel Keras uses for them does; the biased variance otherwise.
            moving_variance = variance
            if len(x.shape) == 4:
                n = tf.cast(tf.size(x) // tf.shape(x)[-1], x.dtype)
                moving_variance = variance * n / tf.maximum(n - 1.0, 1.0)
            strategy = self._distribute_strategy or _distribute._current()
            if strategy is not None and strategy.num_replicas_in_sync > 1:
                # Weighted by each replica's rows, so that a replica whose share of a
                # last batch is empty (statistics NaN) adds nothing.
                rows = tf.cast(tf.size(x) // tf.shape(x)[-1], x.dtype)
                has_rows = rows > 0.0
                summed = _distribute.all_reduce_sum(
                    [tf.where(has_rows, mean * rows, 0.0),
                     tf.where(has_rows, moving_variance * rows, 0.0), rows],
                    strategy.num_replicas_in_sync)
                mean_update = tf.math.divide_no_nan(summed[0], summed[2])
                moving_variance = tf.math.divide_no_nan(summed[1], summed[2])
            else:
                mean_update = mean
            decay = 1.0 - self.momentum
            self.moving_mean.assign_sub((self.moving_mean - mean_update) * decay)
            self.moving_variance.assign_sub((self.moving_variance - moving_variance) * decay)
        else:
            mean, variance = self.moving_mean, self.moving_variance
        return tf.nn.batch_normalization(x, mean, variance, self.beta, self.gamma, self.epsilon)
