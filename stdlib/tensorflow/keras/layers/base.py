"""The Layer base class (see layers/__init__.py)."""
import _ingot
from ... import module as _module
from ... import array_ops as _array_ops
from .. import initializers
from .. import keras_tensor as _kt

_float32 = _ingot.float32
_names_used = {}
_training_stack = [None]


def _unique_name(base):
    n = _names_used.get(base, 0)
    _names_used[base] = n + 1
    return base if n == 0 else "%s_%d" % (base, n)


def _is_state(x):
    """A variable or a module (a layer): what a layer's checkpoint holds."""
    return isinstance(x, _module.Module) or (_ingot.is_tensor(x) and hasattr(x, "assign"))


def _input_shapes(inputs):
    """What build() receives: the input's shape, a list of shapes for a list of
    tensors (a merging layer's inputs), the inputs themselves otherwise."""
    if _ingot.is_tensor(inputs):
        return tuple(_array_ops._tensor(inputs).shape)
    if isinstance(inputs, (list, tuple)) and inputs and \
            all(_ingot.is_tensor(x) for x in inputs):
        return [tuple(_array_ops._tensor(x).shape) for x in inputs]
    return inputs


class Layer(_module.Module):
    def __init__(self, trainable=True, name=None, dtype=None, **kwargs):
        for key in kwargs:
            if key not in ("input_shape", "input_dim", "autocast", "dynamic"):
                raise TypeError("Keyword argument not understood: '%s'" % key)
        self._set_name(name if name is not None
                       else _unique_name(_module._snake(type(self).__name__)))
        self.trainable = trainable
        self.built = False
        self.dtype = _float32 if dtype is None else dtype
        self._input_shape_arg = kwargs.get("input_shape")
        if self._input_shape_arg is None and kwargs.get("input_dim") is not None:
            self._input_shape_arg = (kwargs["input_dim"],)

    # ---- weights ------------------------------------------------------------------
    def add_weight(self, name=None, shape=None, dtype=None, initializer=None, trainable=True,
                   **kwargs):
        """A tf.Variable of shape, its initial value from initializer (a name, an
        initializer or a callable; Keras's default glorot_uniform for floats)."""
        shape = () if shape is None else tuple(shape)
        for d in shape:
            if not isinstance(d, int):
                raise ValueError("add_weight: every dimension of '%s' must be known, got %s"
                                 % (name, shape))
        dtype = self.dtype if dtype is None else dtype
        init = initializers.get("glorot_uniform" if initializer is None else initializer)
        return _ingot.variable(lambda: init(shape, dtype), trainable and self.trainable,
                               "%s/%s" % (self.name, name or "weight"), dtype, None)

    def build(self, input_shape):
        pass

    def call(self, inputs, *args, **kwargs):
        return inputs

    def __call__(self, inputs, *args, **kwargs):
        if _kt.is_symbolic(inputs):   # building a functional model: record the call
            return _kt.call_symbolic(self, inputs, args, kwargs)
        training = kwargs.pop("training", None)
        if training is None:
            training = _training_stack[-1]
        if not self.built:
            self.build(_input_shapes(inputs))
            self.built = True
        if _ingot.accepts_argument(self.call, "training"):
            kwargs["training"] = training
        _training_stack.append(training)
        try:
            outputs = self.call(inputs, *args, **kwargs)
        finally:
            _training_stack.pop()
        if _ingot.is_tensor(outputs):   # for summary(): the batch dim as None
            self._output_shape = (None,) + tuple(outputs.shape)[1:]
        return outputs

    # ---- what the layer holds ------------------------------------------------------
    def _checkpoint_children(self):
        """What a checkpoint (and save_weights) keeps of the layer: its weights and its
        sublayers, by attribute name (lists by index); not a model's compiled metrics
        or its optimizer, which are checkpointed on their own if wanted."""
        children = {}
        attrs = vars(self)
        for key in attrs:
            value = attrs[key]
            name = key.lstrip("_")
            if _is_state(value):
                children[name] = value
            elif isinstance(value, (list, tuple)):
                for i, item in enumerate(value):
                    if _is_state(item):
                        children["%s/%d" % (name, i)] = item
        return children

    @property
    def weights(self):
        return list(self.variables)

    @property
    def trainable_weights(self):
        return list(self.trainable_variables) if self.trainable else []

    @property
    def non_trainable_weights(self):
        if self.trainable:
            return list(self.non_trainable_variables)
        return list(self.variables)

    @property
    def trainable_variables(self):
        if not self.trainable:
            return ()
        return tuple(v for v in self.variables if v.trainable)

    def count_params(self):
        total = 0
        for v in self.variables:
            n = 1
            for d in v.shape:
                n *= d
            total += n
        return total
