"""tf.keras: what Ingot has of it so far: layers, Sequential, initializers,
activations, losses, metrics and the optimizers (Model, compile and fit: not yet)."""
from .. import _missing
from . import optimizers
from . import initializers
from . import activations
from . import layers
from . import models
from . import losses
from . import metrics

Sequential = models.Sequential

__ingot_missing__ = _missing.names(__name__)
