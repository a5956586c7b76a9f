"""tf.config: the switch between graph and eager execution of tf.functions."""
from . import _missing
import _ingot


def run_functions_eagerly(run_eagerly):
    # From here on, calling a tf.function runs its Python instead of tracing it
    # (TensorFlow's debugging switch): when compiling, its ops go straight into the
    # caller's graph; under `ingot run --eager` it is what happens anyway.
    _ingot.run_functions_eagerly(run_eagerly)


def functions_run_eagerly():
    return _ingot.functions_run_eagerly()

__ingot_missing__ = _missing.names(__name__)
