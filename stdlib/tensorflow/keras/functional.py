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
        self._found = []   # layers in the order the walk from the outputs meets them
        for t in _kt.leaves(outputs):
            self._visit(t)
        self.layers = self._layers_by_depth()

    def _layers_by_depth(self):
        """Keras's order of model.layers: by depth from the outputs, deepest (the
        inputs) first, layers of one depth in the order the walk met them."""
        depth_of = []   # (node or input layer, depth)

        def depth(key):
            for k, d in depth_of:
                if k is key:
                    return d
            return 0

        def set_depth(key, d):
            for i, (k, _) in enumerate(depth_of):
                if k is key:
                    depth_of[i] = (key, d)
                    return
            depth_of.append((key, d))

        layer_depth = []
        for node in reversed(self.nodes):   # outputs first
            d = depth(node)
            for layer, known in layer_depth:
                if layer is node.layer:
                    d = max(d, known)
            layer_depth.append((node.layer, d))
            set_depth(node, d)
            for t in _kt.leaves(node.inputs):
                if isinstance(t, _kt.KerasTensor):
                    parent = t._input_layer if t._node is None else t._node
                    set_depth(parent, max(depth(parent), d + 1))
        for t in self.input_tensors:
            layer_depth.append((t._input_layer, depth(t._input_layer)))
            if _index_of(self._found, t._input_layer) < 0:   # not connected: first
                self._found.insert(0, t._input_layer)
        deepest = {}
        for layer, d in layer_depth:
            if d > deepest.get(_index_of(self._found, layer), -1):
                deepest[_index_of(self._found, layer)] = d
        order = sorted(deepest, key=lambda i: (-deepest[i], i))
        return [self._found[i] for i in order]

    def _visit(self, tensor):
        """Appends the nodes tensor depends on, each after those it needs."""
        if _index_of(self.input_tensors, tensor) >= 0:
            if _index_of(self._found, tensor._input_layer) < 0:
                self._found.append(tensor._input_layer)
            return
        node = tensor._node
        if node is None:
            raise ValueError("Graph disconnected: cannot obtain value for tensor %r: it is "
                             "an input that is not among the model's inputs" % (tensor,))
        if _index_of(self.nodes, node) >= 0:
            return
        if _index_of(self._found, node.layer) < 0:
            self._found.append(node.layer)
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
                    if t._node is None:
                        out.append("%s[0][0]" % t._input_layer.name)
                    else:
                        out.append("%s[%d][%d]" % (t._node.layer.name, t._node.index,
                                                   t._index))
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
