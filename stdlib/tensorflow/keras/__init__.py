"""tf.keras: what Ingot has of it so far: layers, Sequential, initializers,
activations, losses, metrics, the optimizers, and Model with compile, fit, evaluate,
predict, summary, save_weights/load_weights, and the callbacks EarlyStopping and
ModelCheckpoint."""
from .. import _missing
from . import optimizers
from . import initializers
from . import activations
from . import layers
from . import training
from . import models
from . import losses
from . import metrics
from . import callbacks

Sequential = models.Sequential
Model = training.Model
Input = layers.Input

__ingot_missing__ = _missing.names(__name__)
