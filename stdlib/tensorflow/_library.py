"""What `ingot build --lib` adds to a script's trace: the function NAME_new runs to
read the model's weights from a file (compiler/tracer/library.c calls it after the
script's top level has run).

A weights file is a safetensors checkpoint. When the script calls
tf.saved_model.save(obj, ...) (saved_model.py), its tensors are named by their paths
from obj ("layers/0/kernel"), as that call writes them in a program. Otherwise they
are named as `tf.train.Checkpoint(**roots)` names them, the roots being the script's
top-level variables and tf.Module objects (Keras models and layers) by their global
names: the `model` of a library script reads "model/dense/kernel", which a training
script's `tf.train.Checkpoint(model=model).write(path)` wrote. The checkpoint's own
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


def weight_names_from(obj):
    """The (name, variable) pairs of obj's variables, named by their paths from obj
    ("layers/0/kernel"; a variable itself is "variable")."""
    if _module._is_variable(obj):
        return [("variable", obj)]
    found = []
    _train._collect("", obj, found, [])
    return [(name[1:], v) for name, v in found]


# The last tf.saved_model.save's (obj, {name: function}), or None.
_saved = [None]


def record_saved(obj, signatures):
    """tf.saved_model.save's signatures, checked, as a {name: function} dict."""
    if signatures is None:
        call = getattr(obj, "__call__", None)
        if call is None or not hasattr(call, "input_signature") or call.input_signature is None:
            raise ValueError("tf.saved_model.save: give signatures= (the functions to export): "
                             "the object has no __call__ tf.function with an input_signature")
        signatures = call
    if not isinstance(signatures, dict):
        signatures = {"serving_default": signatures}
    for name in signatures:
        if not isinstance(name, str):
            raise ValueError("tf.saved_model.save: a signature's name must be a str, got %r"
                             % (name,))
    if _saved[0] is not None and _saved[0][0] is not obj:
        raise ValueError("tf.saved_model.save: a library reads the weights of one object; "
                         "this script saves two")
    _saved[0] = (obj, signatures)


def plan(roots):
    """What a library exports besides its module-level tf.functions, and how it reads
    its weights: ({name: function} or None, the restore tf.function)."""
    if _saved[0] is not None:
        obj, signatures = _saved[0]
        return signatures, restore_function(weight_names_from(obj))
    return None, restore_function(weight_names(roots))


def restore_function(found):
    """A tf.function of one string, the weights file's path, assigning each of the
    (name, variable) pairs found its value in that file."""
    import tensorflow as tf

    @tf.function(input_signature=[tf.TensorSpec([], tf.string)])
    def restore_weights(path):
        for name, v in found:
            v.assign(_ingot.op("restore_tensor", [path, v],
                               {"name": name, "dtype": v.dtype, "shape": [d for d in v.shape]}))

    return restore_weights
