"""The functional API's graph: tf.keras.Model(inputs, outputs) keeps the layer calls
that lead from its inputs to its outputs (recorded on KerasTensors) and replays them,
in order, on real tensors each time the model is called."""
from . import keras_tensor as _kt


def _index_of(items, x):
    for i, item in enumerate(items):
        if item is x:
            return i
    return -1


class Graph:
    def __init__(self, inputs, outputs):
        self.inputs = inputs
        self.outputs = outputs
        self.input_tensors = _kt.leaves(inputs)
        for t in self.input_tensors + _kt.leaves(outputs):
            if not isinstance(t, _kt.KerasTensor):
                raise TypeError("Model: inputs and outputs must be Keras symbolic tensors "
                                "(from tf.keras.Input and layers called on it), got %r"
                                % (t,))
        for t in self.input_tensors:
            if t._node is not None:
                raise ValueError("Model: an input must come from tf.keras.Input; %r is a "
                                 "layer's output" % (t,))
        self.nodes = []
        for t in _kt.leaves(outputs):
            self._visit(t)
        self.layers = [t._input_layer for t in self.input_tensors]
        for node in self.nodes:
            if _index_of(self.layers, node.layer) < 0:
                self.layers.append(node.layer)

    def _visit(self, tensor):
        """Appends the nodes tensor depends on, each after those it needs."""
        if _index_of(self.input_tensors, tensor) >= 0:
            return
        node = tensor._node
        if node is None:
            raise ValueError("Graph disconnected: cannot obtain value for tensor %r: it is "
                             "an input that is not among the model's inputs" % (tensor,))
        if _index_of(self.nodes, node) >= 0:
            return
        for t in _kt.leaves(node.inputs):
            if isinstance(t, _kt.KerasTensor):
                self._visit(t)
        self.nodes.append(node)

    def run(self, inputs, training, model_name):
        given = _kt.leaves(inputs)
        if len(given) != len(self.input_tensors):
            raise ValueError('Layer "%s" expects %d input(s), but it received %d input '
                             'tensors.' % (model_name, len(self.input_tensors), len(given)))
        known = list(self.input_tensors)
        values = list(given)

        def value(t):
            if not isinstance(t, _kt.KerasTensor):
                return t
            return values[_index_of(known, t)]

        for node in self.nodes:
            args = _kt.rebuild(node.inputs, [value(t) for t in _kt.leaves(node.inputs)])
            kwargs = dict(node.kwargs)
            if "training" not in kwargs:
                kwargs["training"] = training
            outputs = _kt.leaves(node.layer(args, *node.args, **kwargs))
            known.extend(node.outputs)
            values.extend(outputs)
        return _kt.rebuild(self.outputs, [value(t) for t in _kt.leaves(self.outputs)])

    def connections(self, layer):
        """For summary()'s "Connected to": the inputs of layer's calls, Keras-style."""
        out = []
        for node in self.nodes:
            if node.layer is not layer:
                continue
            for t in _kt.leaves(node.inputs):
                if isinstance(t, _kt.KerasTensor):
                    source = t._input_layer if t._node is None else t._node.layer
                    out.append("%s[0][%d]" % (source.name, t._index))
        return out

    def is_sequential_like(self):
        """Keras's test for the three-column summary: every layer called once on one
        tensor, one input, one output."""
        if len(self.input_tensors) != 1 or len(_kt.leaves(self.outputs)) != 1:
            return False
        seen = []
        for node in self.nodes:
            if _index_of(seen, node.layer) >= 0 or len(_kt.leaves(node.inputs)) != 1:
                return False
            seen.append(node.layer)
        return True
