"""tf.keras: what Ingot has of it so far, the optimizers."""
from .. import _missing
from . import optimizers

__ingot_missing__ = _missing.names(__name__)
