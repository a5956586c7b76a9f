"""tf.keras: what Ingot has of it so far, the optimizers."""
from . import optimizers
