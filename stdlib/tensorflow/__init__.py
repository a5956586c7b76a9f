"""TensorFlow's API as Ingot supports it, written over the _ingot primitives.

Every function here runs at build time: calling one traces a graph op (through
the primitives in compiler/tracer/tensor_ops.c), it does not compute anything.
"""
from . import _missing
import _ingot
import sys as _sys

from . import math
from . import array_ops as _array_ops
from . import _indexing
from . import nn
from . import autograph
from . import random
from . import config
from . import errors
from . import _backprop
from . import module as _module_py
from . import keras
from . import train
from . import saved_model
from . import data
from . import distribute

GradientTape = _backprop.GradientTape
Module = _module_py.Module
name_scope = _module_py.name_scope
UnconnectedGradients = _backprop.UnconnectedGradients
stop_gradient = _backprop.stop_gradient
custom_gradient = _backprop.custom_gradient
identity = _backprop.identity

bool = _ingot.bool
int32 = _ingot.int32
int64 = _ingot.int64
float32 = _ingot.float32
float64 = _ingot.float64
string = _ingot.string


def executing_eagerly():
    """True in `ingot run --eager`; false while a compiled program is built (its
    script is traced throughout, as inside a tf.function)."""
    return _ingot.executing_eagerly()


def function(func=None, input_signature=None, autograph=True, jit_compile=None,
             reduce_retracing=False, experimental_relax_shapes=None):
    """tf.function: both the bare @tf.function and @tf.function(...) forms."""
    relax = True if (reduce_retracing or experimental_relax_shapes) else False   # (bool is tf.bool here)

    def decorator(f):
        return _ingot.function(f, input_signature, relax)
    return decorator if func is None else decorator(func)


def constant(value, dtype=None, shape=None, name=None):
    return _ingot.constant(value, dtype, shape)


def convert_to_tensor(value, dtype=None, dtype_hint=None, name=None):
    return _ingot.convert_to_tensor(value, dtype)


def Variable(initial_value=None, trainable=None, validate_shape=True, caching_device=None,
             name=None, variable_def=None, dtype=None, import_scope=None, constraint=None,
             synchronization=None, aggregation=None, shape=None):
    """tf.Variable: program state. The initial value must be known at build time."""
    return _ingot.variable(initial_value, trainable, name, dtype, shape)


def zeros(shape, dtype=float32, name=None):
    if _ingot.is_tensor(shape) or not all(isinstance(d, int) for d in shape):
        return _array_ops.broadcast_to(_ingot.convert_to_tensor(0, dtype), shape)
    return _ingot.fill(shape, 0, dtype, "zeros")


def ones(shape, dtype=float32, name=None):
    if _ingot.is_tensor(shape) or not all(isinstance(d, int) for d in shape):
        return _array_ops.broadcast_to(_ingot.convert_to_tensor(1, dtype), shape)
    return _ingot.fill(shape, 1, dtype, "ones")


def range(start, limit=None, delta=1, dtype=None, name="range"):
    return _ingot.range(start, limit, delta, dtype)


def cast(x, dtype, name=None):
    return _ingot.cast(x, dtype)


newaxis = None

# The math and array ops TensorFlow exports at the top level.
add = math.add
subtract = math.subtract
multiply = math.multiply
divide = math.divide
truediv = math.truediv
floordiv = math.floordiv
floormod = math.floormod
pow = math.pow
maximum = math.maximum
minimum = math.minimum
negative = math.negative
abs = math.abs
sign = math.sign
square = math.square
sqrt = math.sqrt
rsqrt = math.rsqrt
exp = math.exp
floor = math.floor
ceil = math.ceil
round = math.round
tanh = math.tanh
sigmoid = math.sigmoid
matmul = math.matmul
reduce_sum = math.reduce_sum
reduce_mean = math.reduce_mean
reduce_max = math.reduce_max
reduce_min = math.reduce_min
reduce_prod = math.reduce_prod
reduce_all = math.reduce_all
reduce_any = math.reduce_any
argmax = math.argmax
argmin = math.argmin
equal = math.equal
not_equal = math.not_equal
less = math.less
less_equal = math.less_equal
greater = math.greater
greater_equal = math.greater_equal
logical_and = math.logical_and
logical_or = math.logical_or
logical_not = math.logical_not
clip_by_value = math.clip_by_value
clip_by_norm = math.clip_by_norm
clip_by_global_norm = math.clip_by_global_norm
reshape = _array_ops.reshape
expand_dims = _array_ops.expand_dims
squeeze = _array_ops.squeeze
transpose = _array_ops.transpose
concat = _array_ops.concat
stack = _array_ops.stack
unstack = _array_ops.unstack
tile = _array_ops.tile
broadcast_to = _array_ops.broadcast_to
gather = _array_ops.gather
strided_slice = _array_ops.strided_slice
where = _array_ops.where
one_hot = _array_ops.one_hot
fill = _array_ops.fill
zeros_like = _array_ops.zeros_like
ones_like = _array_ops.ones_like
eye = _array_ops.eye
size = _array_ops.size
rank = _array_ops.rank


def shape(input, out_type=None, name=None):
    if out_type is None or out_type == int32:
        return _ingot.shape(input)
    if out_type != int64:
        raise TypeError("out_type must be tf.int32 or tf.int64, got " + repr(out_type))
    x = _ingot.convert_to_tensor(input, None)
    if None not in x.shape:
        # A constant, as TensorFlow folds a static shape; a dim past int32 stays exact
        # (the shape op's int32 result would refuse it).
        return _ingot.convert_to_tensor(list(x.shape), int64)
    return _ingot.cast(_ingot.shape(x), int64)


def TensorSpec(shape, dtype=float32, name=None):
    """The type of a tensor argument: None dims match any size."""
    return _ingot.TensorSpec(shape, dtype, name)


def TensorShape(dims):
    """A static shape: a tuple of ints, None where a dimension is unknown."""
    return tuple(dims)


def cond(pred, true_fn=None, false_fn=None, name=None):
    """tf.cond: both branches are traced; the result has their common structure."""
    return _ingot.cond(pred, true_fn, false_fn)


def while_loop(cond, body, loop_vars, shape_invariants=None, parallel_iterations=10,
               back_prop=True, swap_memory=False, maximum_iterations=None, name=None):
    """tf.while_loop: one `while` node; body(*loop_vars) returns the next loop_vars."""
    return _ingot.while_loop(cond, body, loop_vars, shape_invariants, maximum_iterations)


def print(*inputs, output_stream=None, summarize=3, sep=" ", end="\n", name=None):
    """tf.print: a print node, written when the program runs. Its default stream is
    standard output (TensorFlow's is sys.stderr); sys.stdout and sys.stderr name one."""
    if output_stream is None or output_stream is _sys.stdout:
        stream = "stdout"
    elif output_stream is _sys.stderr:
        stream = "stderr"
    else:
        _ingot.not_supported("tf.print's output_stream other than sys.stdout or sys.stderr")
    return _ingot.print(*inputs, output_stream=stream, summarize=summarize, sep=sep, end=end)

__ingot_missing__ = _missing.names(__name__)
