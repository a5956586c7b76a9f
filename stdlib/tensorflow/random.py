"""tf.random: Philox generators whose state is program state.

A generator is an int64[3] variable (a 128-bit Philox-4x32-10 counter and a 64-bit
key); every draw is a node that reads it and advances it when the program runs, so a
tf.function draws new numbers on every call, and each run of the binary draws the
same ones. Seeds map to states as from_seed(s) = [0, 0, SplitMix64(s)] -- not
TensorFlow's bits, so the numbers differ from TensorFlow's. The global generator
(tf.random.normal & co.) is seeded by tf.random.set_seed, or with 87654321
(TensorFlow's default graph seed) when it was never called.
"""
from . import _missing
import _ingot

float32 = _ingot.float32


class Generator:
    """tf.random.Generator: draws from a state variable of its own."""

    def __init__(self, state):
        self.state = state

    @classmethod
    def from_seed(cls, seed, alg=None):
        return cls(_ingot.random_state(seed))

    def normal(self, shape, mean=0.0, stddev=1.0, dtype=float32, name=None):
        return _ingot.random_draw("normal", self.state, shape, mean, stddev, dtype)

    def uniform(self, shape, minval=0, maxval=None, dtype=float32, name=None):
        return _ingot.random_draw("uniform", self.state, shape, minval, maxval, dtype)

    def truncated_normal(self, shape, mean=0.0, stddev=1.0, dtype=float32, name=None):
        return _ingot.random_draw("truncated_normal", self.state, shape, mean, stddev, dtype)


def get_global_generator():
    return Generator(_ingot.random_global_state())


def set_seed(seed):
    """Starts the global generator over from seed."""
    _ingot.random_set_seed(seed)


def normal(shape, mean=0.0, stddev=1.0, dtype=float32, seed=None, name=None):
    return _ingot.random_draw("normal", _ingot.random_global_state(), shape, mean, stddev, dtype, seed)


def uniform(shape, minval=0, maxval=None, dtype=float32, seed=None, name=None):
    return _ingot.random_draw("uniform", _ingot.random_global_state(), shape, minval, maxval, dtype, seed)


def truncated_normal(shape, mean=0.0, stddev=1.0, dtype=float32, seed=None, name=None):
    return _ingot.random_draw("truncated_normal", _ingot.random_global_state(), shape, mean, stddev, dtype, seed)

__ingot_missing__ = _missing.names(__name__)
