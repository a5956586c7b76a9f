"""Keras's symbolic tensors: what tf.keras.Input returns and a layer returns when
called on one. They record the graph of layer calls that tf.keras.Model(inputs,
outputs) replays on real tensors.

A layer called on a KerasTensor is called for real, in inference mode, on zeros
standing in for it, to build its weights and learn its output's shape and dtype: an
unknown batch dim is 1 there (and None in the output); when other dims are unknown
(Input(shape=(None, None, 3))) it is called twice, with them 32 and then 40, and an
output dim that differs is unknown. That forward pass is dead code in the program
(the graph's dead-code pass removes it) and a small one in --eager. Keras traces it
in a scratch graph instead; the shapes and weights are the same.
"""
import _ingot
import tensorflow as tf

_names_used = {}


def _unique_input_name():
    n = _names_used.get("input", 0) + 1
    _names_used["input"] = n
    return "input_%d" % n


class Node:
    """One call of a layer in a functional graph: its inputs (a KerasTensor or a
    list/tuple of them), the call's other arguments, its output KerasTensors, and
    which of the layer's symbolic calls it is (Keras's node index: "dense[1][0]")."""

    def __init__(self, layer, inputs, args, kwargs):
        self.layer = layer
        self.inputs = inputs
        self.args = args
        self.kwargs = kwargs
        self.outputs = []
        self.index = getattr(layer, "_symbolic_calls", 0)
        layer._symbolic_calls = self.index + 1


def _refuse_op(*args):
    _ingot.not_supported("TensorFlow ops on Keras symbolic tensors (tf.keras.Input and "
                         "what layers return for it): use layers (tf.keras.layers.Add, "
                         "Concatenate, Lambda) between tf.keras.Input and the outputs")


class KerasTensor:
    def __init__(self, shape, dtype, node=None, index=0, name=None):
        self.shape = tuple(shape)
        self.dtype = dtype
        self.name = name
        self._node = node
        self._index = index

    def _placeholder(self, unknown):
        """Zeros of this shape, an unknown batch dim 1 and other unknown dims unknown:
        the stand-in a layer runs on."""
        return tf.zeros([d if d is not None else 1 if i == 0 else unknown
                         for i, d in enumerate(self.shape)], self.dtype)

    def _has_unknown_inner_dims(self):
        return any(d is None for d in self.shape[1:])

    def __repr__(self):
        made = ""
        if self._node is not None:
            made = " (created by layer '%s')" % self._node.layer.name
        return "<KerasTensor: shape=%s dtype=%s%s>" % (self.shape, self.dtype.name, made)

    __add__ = __radd__ = __sub__ = __rsub__ = __mul__ = __rmul__ = _refuse_op
    __truediv__ = __rtruediv__ = __matmul__ = __rmatmul__ = __neg__ = __pow__ = _refuse_op
    __getitem__ = _refuse_op


def leaves(x):
    """The tensors of x, a tensor or a list/tuple of them (nested), in order."""
    if isinstance(x, (list, tuple)):
        out = []
        for item in x:
            out.extend(leaves(item))
        return out
    return [x]


def rebuild(x, items):
    """x's structure with its leaves taken in order from the list items."""
    if isinstance(x, (list, tuple)):
        parts = [rebuild(item, items) for item in x]
        return tuple(parts) if isinstance(x, tuple) else parts
    return items.pop(0)


def is_symbolic(x):
    return any(isinstance(t, KerasTensor) for t in leaves(x))


def call_symbolic(layer, inputs, args, kwargs):
    """layer(inputs, ...) on KerasTensors: builds the layer and records the call."""
    for value in list(args) + [kwargs[k] for k in kwargs]:
        if is_symbolic(value):
            _ingot.not_supported("a Keras symbolic tensor as a layer's argument other than "
                                 "its inputs")
    symbolic = [t for t in leaves(inputs) if isinstance(t, KerasTensor)]
    # Inference mode: a stand-in pass must not move BatchNormalization's statistics.
    stand_in_kwargs = dict(kwargs)
    stand_in_kwargs["training"] = False

    def run(unknown):
        stand_ins = [t._placeholder(unknown) if isinstance(t, KerasTensor) else t
                     for t in leaves(inputs)]
        return layer(rebuild(inputs, stand_ins), *args, **stand_in_kwargs)

    outputs = run(32)
    shapes = [tuple(out.shape) for out in leaves(outputs)]
    if any(t._has_unknown_inner_dims() for t in symbolic):
        again = [tuple(out.shape) for out in leaves(run(40))]
        shapes = [tuple(None if a != b else a for a, b in zip(first, second))
                  for first, second in zip(shapes, again)]
    batch_unknown = any(len(t.shape) and t.shape[0] is None for t in symbolic)
    node = Node(layer, inputs, args, kwargs)
    for i, out in enumerate(leaves(outputs)):
        shape = shapes[i]
        if batch_unknown and len(shape):
            shape = (None,) + shape[1:]
        node.outputs.append(KerasTensor(shape, out.dtype, node, i))
    if len(node.outputs) == 1:   # for summary(): the shape with its unknown dims
        layer._output_shape = node.outputs[0].shape
    return rebuild(outputs, list(node.outputs))
