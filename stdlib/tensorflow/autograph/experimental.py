"""tf.autograph.experimental: the conversion's directives."""
import _ingot


def do_not_convert(func=None):
    """Runs func as written, without AutoGraph's conversion.

    The converter already skips a def decorated with this; called on a function
    value, it returns the unconverted original."""
    if func is None:
        return do_not_convert
    return _ingot.unconverted(func)


def set_loop_options(parallel_iterations=None, swap_memory=None, maximum_iterations=None,
                     shape_invariants=None):
    """A directive: inside a loop body the converter moves it into the loop's options.
    Anywhere else (or in a Python loop) it has no effect, as in TensorFlow."""
    pass
