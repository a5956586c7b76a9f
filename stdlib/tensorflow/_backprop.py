"""tf.GradientTape, tf.UnconnectedGradients, tf.stop_gradient, tf.identity.

The tape is the tracer's (compiler/tracer/tape.c): it records the ops made inside the
with block that depend on what it watches, and gradient() builds their backward ops,
into the graph when tracing, at once when eager.
"""
import _ingot


class UnconnectedGradients:
    """What gradient() gives a source the target does not depend on."""
    NONE = "none"
    ZERO = "zero"


class _Paused:
    """tape.stop_recording(): ops in this block are not recorded."""

    def __init__(self, tape):
        self._tape = tape

    def __enter__(self):
        _ingot.tape_pause(self._tape, True)
        return self

    def __exit__(self, kind, value, traceback):
        _ingot.tape_pause(self._tape, False)
        return False


def _flatten(structure, out):
    if isinstance(structure, (list, tuple)):
        for item in structure:
            _flatten(item, out)
    elif isinstance(structure, dict):
        for key in structure:
            _flatten(structure[key], out)
    elif structure is not None:
        out.append(structure)
    return out


class GradientTape:
    """Records operations for automatic differentiation (TensorFlow's GradientTape)."""

    def __init__(self, persistent=False, watch_accessed_variables=True):
        self._tape = _ingot.tape_new(persistent, watch_accessed_variables)

    def __enter__(self):
        _ingot.tape_enter(self._tape)
        return self

    def __exit__(self, kind, value, traceback):
        _ingot.tape_exit(self._tape)
        return False

    def watch(self, tensor):
        for t in _flatten(tensor, []):
            _ingot.tape_watch(self._tape, t)

    def stop_recording(self):
        return _Paused(self._tape)

    def reset(self):
        _ingot.tape_reset(self._tape)

    def watched_variables(self):
        return _ingot.tape_watched_variables(self._tape)

    def gradient(self, target, sources, output_gradients=None,
                 unconnected_gradients=UnconnectedGradients.NONE):
        if unconnected_gradients != UnconnectedGradients.NONE and \
                unconnected_gradients != UnconnectedGradients.ZERO:
            raise ValueError("Unknown value for unconnected_gradients: %r" % unconnected_gradients)
        return _ingot.tape_gradient(self._tape, target, sources, output_gradients,
                                    unconnected_gradients == UnconnectedGradients.ZERO)


def custom_gradient(f=None):
    """f(*args) returns (result, grad_fn): tapes see one op from f's tensor arguments
    to result, whose gradient is grad_fn(*upstream) -- one gradient per tensor
    argument (or a single one for a single argument; None for none)."""
    if f is None:
        return custom_gradient

    def decorated(*args, **kwargs):
        outer = _ingot.tapes_pause(True)
        try:
            result, grad_fn = f(*args, **kwargs)
        finally:
            reads = _ingot.tapes_pause(False, outer)
        inputs = [a for a in _flatten(list(args), []) if _ingot.is_tensor(a)]
        # The variables f read that are not its arguments: grad_fn gets them as
        # variables= and returns their gradients too (TensorFlow's VariableWatcher).
        reads = [r for r in reads if all(r[0] is not a for a in inputs)]
        _ingot.tape_record_custom(inputs, _flatten(result, []), grad_fn, reads)
        return result
    return decorated


def stop_gradient(input, name=None):
    """input again, through which no gradient flows."""
    return _ingot.unary("stop_gradient", input)


def identity(input, name=None):
    return _ingot.unary("identity", input)
