"""tf.saved_model.save(obj, export_dir, signatures): Ingot has no SavedModel graph
format; its deployable model is a C library (`ingot build --lib`, README "A model as
a C library"). So save does the two things a C library needs of it:

* In a program, when it runs, it writes obj's variables to
  EXPORT_DIR/weights.safetensors: a checkpoint whose tensors are named by their
  paths from obj ("layers/0/kernel"), as TensorFlow names a SavedModel's variables.
* In a library's script (at build time), it names what the library exports: each
  signature as NAME_<key>, a lone function as NAME_serving_default (TensorFlow's
  default key), and obj's variables, named as above, as the weights NAME_new reads:
  the file a program's save wrote.

signatures: a tf.function with an input_signature, a concrete function, or a dict
of them by name; None exports obj.__call__ when it is a tf.function with an
input_signature.
"""
import _ingot
from . import _library


def save(obj, export_dir, signatures=None, options=None):
    if options is not None:
        _ingot.not_supported("tf.saved_model.save(options=...)")
    _library.record_saved(obj, signatures)
    found = _library.weight_names_from(obj)
    if found:
        path = _ingot.op("path_join", [export_dir, "weights.safetensors"])
        _ingot.op("save_tensors", [path] + [v for _, v in found],
                  {"names": "\n".join(name for name, _ in found)})
