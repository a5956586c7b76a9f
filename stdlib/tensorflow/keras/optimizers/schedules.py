"""tf.keras.optimizers.schedules: learning rates that depend on the step."""
import _ingot
from ... import math as _math


class LearningRateSchedule:
    """A learning rate as a function of the step (optimizer.iterations)."""

    def __call__(self, step):
        raise NotImplementedError("LearningRateSchedule.__call__")


class ExponentialDecay(LearningRateSchedule):
    """initial_learning_rate * decay_rate ** (step / decay_steps), the exponent
    floored when staircase."""

    def __init__(self, initial_learning_rate, decay_steps, decay_rate, staircase=False,
                 name=None):
        self.initial_learning_rate = initial_learning_rate
        self.decay_steps = decay_steps
        self.decay_rate = decay_rate
        self.staircase = staircase

    def __call__(self, step):
        lr = _ingot.convert_to_tensor(self.initial_learning_rate, None)
        dtype = lr.dtype
        p = _ingot.cast(step, dtype) / _ingot.cast(self.decay_steps, dtype)
        if self.staircase:
            p = _math.floor(p)
        return lr * _math.pow(_ingot.cast(self.decay_rate, dtype), p)
