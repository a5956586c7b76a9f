"""tf.keras: what Ingot has of it so far: layers, Sequential, initializers,
activations and the optimizers (Model, losses, metrics and fit: not yet)."""
from .. import _missing
from . import optimizers
from . import initializers
from . import activations
from . import layers
from . import models

Sequential = models.Sequential

__ingot_missing__ = _missing.names(__name__)
