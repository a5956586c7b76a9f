"""tf.random: Philox generators whose state is program state.

A generator is an int64[3] variable (a 128-bit Philox-4x32-10 counter and a 64-bit
key); every draw is a node that reads it and advances it when the program runs, so a
tf.function draws new numbers on every call, and each run of the binary draws the
same ones. Seeds map to states as from_seed(s) = [0, 0, SplitMix64(s)] -- not
TensorFlow's bits, so the numbers differ from TensorFlow's. The global generator
(tf.random.normal & co.) is seeded by tf.random.set_seed, or with 87654321
(TensorFlow's default graph seed) when it was never called.
"""
import _ingot

float32 = _ingot.float32


def _generator(state):
    """A Generator object over a state variable (a namespace until Ingot has classes)."""

    def normal(shape, mean=0.0, stddev=1.0, dtype=float32, name=None):
        return _ingot.random_draw("normal", state, shape, mean, stddev, dtype)

    def uniform(shape, minval=0, maxval=None, dtype=float32, name=None):
        return _ingot.random_draw("uniform", state, shape, minval, maxval, dtype)

    def truncated_normal(shape, mean=0.0, stddev=1.0, dtype=float32, name=None):
        return _ingot.random_draw("truncated_normal", state, shape, mean, stddev, dtype)

    return _ingot.namespace("tf.random.Generator", state=state, normal=normal, uniform=uniform,
                            truncated_normal=truncated_normal)


def _from_seed(seed, alg=None):
    return _generator(_ingot.random_state(seed))


Generator = _ingot.namespace("tf.random.Generator", from_seed=_from_seed)


def get_global_generator():
    return _generator(_ingot.random_global_state())


def set_seed(seed):
    """Starts the global generator over from seed."""
    _ingot.random_set_seed(seed)


def normal(shape, mean=0.0, stddev=1.0, dtype=float32, seed=None, name=None):
    return _ingot.random_draw("normal", _ingot.random_global_state(), shape, mean, stddev, dtype, seed)


def uniform(shape, minval=0, maxval=None, dtype=float32, seed=None, name=None):
    return _ingot.random_draw("uniform", _ingot.random_global_state(), shape, minval, maxval, dtype, seed)


def truncated_normal(shape, mean=0.0, stddev=1.0, dtype=float32, seed=None, name=None):
    return _ingot.random_draw("truncated_normal", _ingot.random_global_state(), shape, mean, stddev, dtype, seed)
