"""tf.keras.initializers: the initial values of layers' weights, by Keras's formulas.

An initializer without a seed draws from the global generator (seeded by
tf.random.set_seed), one with a seed from a generator of its own, so the same script
makes the same weights on every run -- Ingot's Philox numbers, not TensorFlow's.
"""
import _ingot
from .. import random as _random
from .. import module as _module
from .. import _missing

_float32 = _ingot.float32


def _fans(shape):
    """(fan_in, fan_out) as Keras computes them: a kernel's receptive field times its
    input and output channels."""
    shape = list(shape)
    if len(shape) == 0:
        return 1, 1
    if len(shape) == 1:
        return shape[0], shape[0]
    if len(shape) == 2:
        return shape[0], shape[1]
    receptive = 1
    for d in shape[:-2]:
        receptive *= d
    return shape[-2] * receptive, shape[-1] * receptive


class Initializer:
    def __init__(self, seed=None):
        self.seed = seed
        self._generator = None

    def _draws(self):
        if self.seed is None:
            return _random.get_global_generator()
        if self._generator is None:
            self._generator = _random.Generator.from_seed(self.seed)
        return self._generator

    def get_config(self):
        return {"seed": self.seed}


class Zeros(Initializer):
    def __call__(self, shape, dtype=_float32):
        return _ingot.fill(list(shape), 0, dtype)


class Ones(Initializer):
    def __call__(self, shape, dtype=_float32):
        return _ingot.fill(list(shape), 1, dtype)


class Constant(Initializer):
    def __init__(self, value=0):
        Initializer.__init__(self)
        self.value = value

    def __call__(self, shape, dtype=_float32):
        return _ingot.fill(list(shape), self.value, dtype)


class RandomNormal(Initializer):
    def __init__(self, mean=0.0, stddev=0.05, seed=None):
        Initializer.__init__(self, seed)
        self.mean, self.stddev = mean, stddev

    def __call__(self, shape, dtype=_float32):
        return self._draws().normal(list(shape), self.mean, self.stddev, dtype)


class RandomUniform(Initializer):
    def __init__(self, minval=-0.05, maxval=0.05, seed=None):
        Initializer.__init__(self, seed)
        self.minval, self.maxval = minval, maxval

    def __call__(self, shape, dtype=_float32):
        return self._draws().uniform(list(shape), self.minval, self.maxval, dtype)


class TruncatedNormal(Initializer):
    def __init__(self, mean=0.0, stddev=0.05, seed=None):
        Initializer.__init__(self, seed)
        self.mean, self.stddev = mean, stddev

    def __call__(self, shape, dtype=_float32):
        return self._draws().truncated_normal(list(shape), self.mean, self.stddev, dtype)


class VarianceScaling(Initializer):
    """Keras's family: scale / fan (fan_in, fan_out or their mean), drawn from a
    truncated normal (its stddev corrected for the truncation), a normal, or a
    uniform of the same variance."""

    def __init__(self, scale=1.0, mode="fan_in", distribution="truncated_normal", seed=None):
        if mode not in ("fan_in", "fan_out", "fan_avg"):
            raise ValueError("Invalid `mode` argument: %s" % mode)
        if distribution not in ("truncated_normal", "untruncated_normal", "uniform"):
            raise ValueError("Invalid `distribution` argument: %s" % distribution)
        Initializer.__init__(self, seed)
        self.scale, self.mode, self.distribution = scale, mode, distribution

    def __call__(self, shape, dtype=_float32):
        fan_in, fan_out = _fans(shape)
        fan = {"fan_in": fan_in, "fan_out": fan_out, "fan_avg": (fan_in + fan_out) / 2.0}
        scale = self.scale / max(1.0, fan[self.mode])
        if self.distribution == "truncated_normal":
            # The stddev of a unit normal truncated at +-2.
            stddev = (scale ** 0.5) / 0.87962566103423978
            return self._draws().truncated_normal(list(shape), 0.0, stddev, dtype)
        if self.distribution == "untruncated_normal":
            return self._draws().normal(list(shape), 0.0, scale ** 0.5, dtype)
        limit = (3.0 * scale) ** 0.5
        return self._draws().uniform(list(shape), -limit, limit, dtype)


class GlorotUniform(VarianceScaling):
    def __init__(self, seed=None):
        VarianceScaling.__init__(self, 1.0, "fan_avg", "uniform", seed)


class GlorotNormal(VarianceScaling):
    def __init__(self, seed=None):
        VarianceScaling.__init__(self, 1.0, "fan_avg", "truncated_normal", seed)


class HeNormal(VarianceScaling):
    def __init__(self, seed=None):
        VarianceScaling.__init__(self, 2.0, "fan_in", "truncated_normal", seed)


class HeUniform(VarianceScaling):
    def __init__(self, seed=None):
        VarianceScaling.__init__(self, 2.0, "fan_in", "uniform", seed)


class LecunNormal(VarianceScaling):
    def __init__(self, seed=None):
        VarianceScaling.__init__(self, 1.0, "fan_in", "truncated_normal", seed)


_BY_NAME = {
    "zeros": Zeros, "ones": Ones, "constant": Constant, "random_normal": RandomNormal,
    "random_uniform": RandomUniform, "truncated_normal": TruncatedNormal,
    "glorot_uniform": GlorotUniform, "glorot_normal": GlorotNormal, "he_normal": HeNormal,
    "he_uniform": HeUniform, "lecun_normal": LecunNormal,
}


def get(identifier):
    """An initializer from a name ("glorot_uniform", "GlorotUniform"), an instance or a
    callable; None stays None."""
    if identifier is None or callable(identifier):
        return identifier
    if isinstance(identifier, str):
        key = identifier if identifier in _BY_NAME else _module._snake(identifier)
        if key in _BY_NAME:
            return _BY_NAME[key]()
    raise ValueError("Could not interpret initializer identifier: %s" % (identifier,))


zeros = Zeros
ones = Ones
glorot_uniform = GlorotUniform
he_normal = HeNormal

__ingot_missing__ = _missing.names(__name__)
