"""Ingot's own additions to the TensorFlow API: program flags, and the data loaders of
ingot.data."""
import _ingot

from . import data


def flag(name, default, help=""):
    """A value chosen when the compiled program runs, as a scalar tensor.

    `epochs = ingot.flag("epochs", 5, "number of passes")` lets `./train --epochs=20`
    replace the default; `./train --help` lists every flag. The dtype follows the
    default as TensorFlow converts it: int -> int32 (int64 if it does not fit),
    float -> float32, bool -> bool, str -> string.
    """
    return _ingot.flag(name, default, help)
