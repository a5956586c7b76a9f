"""What `ingot build --lib` adds to a script's trace: the function NAME_new runs to
read the model's weights from a file (compiler/tracer/library.c calls it after the
script's top level has run).

A weights file is a safetensors checkpoint whose tensors are named as
`tf.train.Checkpoint(**roots)` names them, the roots being the script's top-level
variables and tf.Module objects (Keras models and layers) by their global names: the
`model` of a library script reads "model/dense/kernel", which a training script's
`tf.train.Checkpoint(model=model).write(path)` wrote. The checkpoint's own
`save_counter` is not needed; a tensor missing from the file, or of another dtype or
shape than its variable, stops NAME_new with a message naming the file and the tensor.
"""
import _ingot
from . import module as _module
from . import train as _train


def _is_state(value):
    return _module._is_variable(value) or isinstance(value, _module.Module)


def weight_names(roots):
    """The (name, variable) pairs a weights file holds, roots in the order given."""
    found = []
    seen = []
    for key in roots:
        if not key.startswith("_") and _is_state(roots[key]):
            _train._collect(key, roots[key], found, seen)
    return found


def restore_function(roots):
    """A tf.function of one string, the weights file's path, assigning every variable
    weight_names(roots) finds its value in that file."""
    import tensorflow as tf
    found = weight_names(roots)

    @tf.function(input_signature=[tf.TensorSpec([], tf.string)])
    def restore_weights(path):
        for name, v in found:
            v.assign(_ingot.op("restore_tensor", [path, v],
                               {"name": name, "dtype": v.dtype, "shape": [d for d in v.shape]}))

    return restore_weights
