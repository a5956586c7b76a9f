"""tf.math: elementwise arithmetic, comparisons, reductions.

Each function checks and normalises its arguments as TensorFlow's Python does, then
builds one graph op through the _ingot primitives; the graph's shape rules check
dtypes and static shapes (compiler/graph/shape*.c).
"""
from . import _missing
import _ingot


def _tensor(x, dtype=None):
    return _ingot.convert_to_tensor(x, dtype)


def _rank(x):
    return len(x.shape)


def _axis(axis, rank, what="axis"):
    """One axis in [-rank, rank), normalised to [0, rank)."""
    if _ingot.is_tensor(axis):
        _ingot.not_supported("a tensor as " + what + " (use a Python int)")
    if not isinstance(axis, int):
        raise TypeError(what + " must be an int, got " + repr(axis))
    if axis < -rank or axis >= rank:
        raise ValueError("%s %d is out of range for a tensor of rank %d" % (what, axis, rank))
    return axis + rank if axis < 0 else axis


# ---- arithmetic and comparisons (a Python operand takes the tensor's dtype) ----------

def add(x, y, name=None):
    return _ingot.binary("add", x, y)


def subtract(x, y, name=None):
    return _ingot.binary("subtract", x, y)


def multiply(x, y, name=None):
    return _ingot.binary("multiply", x, y)


def divide(x, y, name=None):
    return _ingot.binary("divide", x, y)


def divide_no_nan(x, y, name=None):
    """x / y, and 0 where y is 0 (whatever x is there): a mean over no elements is 0,
    and no gradient through it is NaN."""
    x = _tensor(x)
    y = _tensor(y, x.dtype)
    zero = equal(y, _tensor(0, y.dtype))
    quotient = divide(x, _ingot.op("select", [zero, _tensor(1, y.dtype), y]))
    return _ingot.op("select", [zero, _tensor(0, quotient.dtype), quotient])


def floordiv(x, y, name=None):
    return _ingot.binary("floordiv", x, y)


def floormod(x, y, name=None):
    return _ingot.binary("floormod", x, y)


def pow(x, y, name=None):
    return _ingot.binary("pow", x, y)


def maximum(x, y, name=None):
    return _ingot.binary("maximum", x, y)


def minimum(x, y, name=None):
    return _ingot.binary("minimum", x, y)


def squared_difference(x, y, name=None):
    return square(subtract(x, y))


def equal(x, y, name=None):
    return _ingot.binary("equal", x, y)


def not_equal(x, y, name=None):
    return _ingot.binary("not_equal", x, y)


def less(x, y, name=None):
    return _ingot.binary("less", x, y)


def less_equal(x, y, name=None):
    return _ingot.binary("less_equal", x, y)


def greater(x, y, name=None):
    return _ingot.binary("greater", x, y)


def greater_equal(x, y, name=None):
    return _ingot.binary("greater_equal", x, y)


def matmul(a, b, transpose_a=False, transpose_b=False, adjoint_a=False, adjoint_b=False,
           a_is_sparse=False, b_is_sparse=False, output_type=None, name=None):
    """tf.matmul: rank >= 2, batch dims broadcast; adjoint is transpose for real dtypes."""
    return _ingot.binary("matmul", a, b, {"transpose_a": bool(transpose_a or adjoint_a),
                                          "transpose_b": bool(transpose_b or adjoint_b)})


# ---- one input ---------------------------------------------------------------------------

def negative(x, name=None):
    return _ingot.unary("neg", x)


def abs(x, name=None):
    return _ingot.unary("abs", x)


def sign(x, name=None):
    return _ingot.unary("sign", x)


def square(x, name=None):
    return _ingot.unary("square", x)


def sqrt(x, name=None):
    return _ingot.unary("sqrt", x)


def rsqrt(x, name=None):
    return _ingot.unary("rsqrt", x)


def exp(x, name=None):
    return _ingot.unary("exp", x)


def log(x, name=None):
    return _ingot.unary("log", x)


def log1p(x, name=None):
    return _ingot.unary("log1p", x)


def floor(x, name=None):
    return _ingot.unary("floor", x)


def ceil(x, name=None):
    return _ingot.unary("ceil", x)


def round(x, name=None):
    """Half to even; integers are returned unchanged (TensorFlow's tf.round)."""
    x = _tensor(x)
    if x.dtype in (_ingot.int32, _ingot.int64):
        return x
    return _ingot.unary("round", x)


def tanh(x, name=None):
    return _ingot.unary("tanh", x)


def sigmoid(x, name=None):
    return _ingot.unary("sigmoid", x)


def reciprocal(x, name=None):
    x = _tensor(x)
    return divide(_tensor(1, x.dtype), x)


def logical_and(x, y, name=None):
    return _ingot.logical("and", x, y)


def logical_or(x, y, name=None):
    return _ingot.logical("or", x, y)


def logical_not(x, name=None):
    return _ingot.logical("not", x)


def clip_by_value(t, clip_value_min, clip_value_max, name=None):
    """min(t, max) first, then max(_, min): TensorFlow's order, which matters when
    clip_value_min > clip_value_max."""
    t = _tensor(t)
    return maximum(minimum(t, clip_value_max), clip_value_min)


def clip_by_norm(t, clip_norm, axes=None, name=None):
    """t scaled down so that its L2 norm (over axes, all by default) is at most
    clip_norm: t * clip_norm / max(norm, clip_norm), TensorFlow's formula."""
    t = _tensor(t)
    norm = sqrt(reduce_sum(square(t), axes, True))
    clip = _ingot.cast(clip_norm, t.dtype)
    return t * clip / maximum(norm, clip)


def global_norm(t_list, name=None):
    """sqrt of the sum of the squares of every element of every tensor (None skipped)."""
    total = None
    for t in t_list:
        if t is None:
            continue
        part = reduce_sum(square(_tensor(t)))
        total = part if total is None else total + part
    return sqrt(total)


def clip_by_global_norm(t_list, clip_norm, use_norm=None, name=None):
    """(the tensors scaled by clip_norm / max(global_norm, clip_norm), global_norm);
    None entries stay None, as TensorFlow's."""
    norm = global_norm(t_list) if use_norm is None else _tensor(use_norm)
    clip = _ingot.cast(clip_norm, norm.dtype)
    scale = clip / maximum(norm, clip)
    clipped = [None if t is None else _tensor(t) * _ingot.cast(scale, _tensor(t).dtype)
               for t in t_list]
    return clipped, norm


# ---- reductions ----------------------------------------------------------------------------

def reduce_sum(input_tensor, axis=None, keepdims=False, name=None):
    return _ingot.reduce("reduce_sum", input_tensor, axis, keepdims)


def reduce_mean(input_tensor, axis=None, keepdims=False, name=None):
    return _ingot.reduce("reduce_mean", input_tensor, axis, keepdims)


def reduce_max(input_tensor, axis=None, keepdims=False, name=None):
    return _ingot.reduce("reduce_max", input_tensor, axis, keepdims)


def reduce_min(input_tensor, axis=None, keepdims=False, name=None):
    return _ingot.reduce("reduce_min", input_tensor, axis, keepdims)


def reduce_prod(input_tensor, axis=None, keepdims=False, name=None):
    return _ingot.reduce("reduce_prod", input_tensor, axis, keepdims)


def reduce_all(input_tensor, axis=None, keepdims=False, name=None):
    return _ingot.reduce("reduce_all", input_tensor, axis, keepdims)


def reduce_any(input_tensor, axis=None, keepdims=False, name=None):
    return _ingot.reduce("reduce_any", input_tensor, axis, keepdims)


def _arg_reduce(op, input, axis, output_type):
    x = _tensor(input)
    axis = _axis(0 if axis is None else axis, _rank(x))
    r = _ingot.op(op, [x], {"axis": axis})
    if output_type is not None and output_type != _ingot.int64:
        if output_type != _ingot.int32:
            raise TypeError("output_type must be tf.int32 or tf.int64, got " + repr(output_type))
        r = _ingot.cast(r, output_type)
    return r


def argmax(input, axis=None, output_type=_ingot.int64, name=None):
    return _arg_reduce("argmax", input, axis, output_type)


def argmin(input, axis=None, output_type=_ingot.int64, name=None):
    return _arg_reduce("argmin", input, axis, output_type)


# tf.math aliases TensorFlow also exports.
truediv = divide
mod = floormod
floor_div = floordiv

__ingot_missing__ = _missing.names(__name__)
