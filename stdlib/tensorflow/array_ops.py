"""TensorFlow's array ops: shapes, joining and splitting, gathering, creation.

Shape arguments (tf.reshape's shape, tf.tile's multiples ...) become int32 tensors
as in TensorFlow; when they are Python ints the compiler knows their values and so
the result's static shape.
"""
import _ingot
from . import math as _math

int32 = _ingot.int32
int64 = _ingot.int64
float32 = _ingot.float32


def _tensor(x, dtype=None):
    return _ingot.convert_to_tensor(x, dtype)


def _rank(x):
    return len(x.shape)


def _axis_list(axis, rank):
    if isinstance(axis, (list, tuple)):
        return [_math._axis(a, rank) for a in axis]
    return [_math._axis(axis, rank)]


def _shape_tensor(shape):
    """A shape argument as an int32 (or int64) vector tensor: Python ints, scalar
    tensors among them, a TensorShape-like tuple, or a tensor already."""
    if _ingot.is_tensor(shape):
        return shape
    dims = list(shape)
    if all(isinstance(d, int) for d in dims):
        return _tensor(dims, int32)
    parts = []
    for d in dims:
        if d is None:
            raise ValueError("a shape argument cannot have an unknown (None) dimension")
        t = _tensor(d, int32) if not _ingot.is_tensor(d) else d
        if t.dtype != int32:
            t = _ingot.cast(t, int32)
        parts.append(expand_dims(t, 0))
    return concat(parts, 0)


def reshape(tensor, shape, name=None):
    return _ingot.op("reshape", [tensor, _shape_tensor(shape)])


def expand_dims(input, axis, name=None):
    x = _tensor(input)
    r = _rank(x)
    if not isinstance(axis, int):
        _ingot.not_supported("a non-int axis in tf.expand_dims")
    if axis < -r - 1 or axis > r:
        raise ValueError("Tried to expand dim index %d for tensor with %d dimensions." % (axis, r))
    return _ingot.op("expand_dims", [x], {"axis": axis + r + 1 if axis < 0 else axis})


def squeeze(input, axis=None, name=None):
    x = _tensor(input)
    if axis is None:
        return _ingot.op("squeeze", [x])
    return _ingot.op("squeeze", [x], {"axis": _axis_list(axis, _rank(x))})


def transpose(a, perm=None, conjugate=False, name=None):
    x = _tensor(a)
    r = _rank(x)
    if perm is None:
        perm = [r - 1 - i for i in range(r)]
    if _ingot.is_tensor(perm):
        _ingot.not_supported("a tensor as tf.transpose's perm (use a list of ints)")
    return _ingot.op("transpose", [x], {"perm": [p + r if p < 0 else p for p in perm]})


def concat(values, axis, name=None):
    values = list(values)
    if not values:
        raise ValueError("tf.concat needs at least one tensor")
    first = None
    for v in values:
        if _ingot.is_tensor(v):
            first = _tensor(v)
            break
    dtype = first.dtype if first is not None else None
    ts = [_tensor(v, dtype) for v in values]
    if len(ts) == 1:
        _math._axis(axis, _rank(ts[0]))
        return ts[0]
    return _ingot.op("concat", ts, {"axis": _math._axis(axis, _rank(ts[0]))})


def stack(values, axis=0, name=None):
    values = list(values)
    if not values:
        raise ValueError("tf.stack needs at least one tensor")
    first = None
    for v in values:
        if _ingot.is_tensor(v):
            first = _tensor(v)
            break
    ts = [_tensor(v, first.dtype if first is not None else None) for v in values]
    r = _rank(ts[0])
    for i, t in enumerate(ts):
        if t.shape != ts[0].shape and None not in t.shape and None not in ts[0].shape:
            raise ValueError("Shapes of all inputs must match: values[0].shape = %s != values[%d].shape = %s"
                             % (list(ts[0].shape), i, list(t.shape)))
    if axis < -r - 1 or axis > r:
        raise ValueError("axis = %d not in [%d, %d]" % (axis, -r - 1, r))
    a = axis + r + 1 if axis < 0 else axis
    parts = [_ingot.op("expand_dims", [t], {"axis": a}) for t in ts]
    return parts[0] if len(parts) == 1 else _ingot.op("concat", parts, {"axis": a})


def unstack(value, num=None, axis=0, name=None):
    x = _tensor(value)
    r = _rank(x)
    a = _math._axis(axis, r)
    n = x.shape[a]
    if num is not None:
        n = num
    if n is None:
        raise ValueError("Cannot infer argument `num` from shape %s" % (x.shape,))
    whole = ((1 << r) - 1) & ~(1 << a)
    out = []
    for i in range(n):
        begin = [0] * r
        begin[a] = i
        end = [0] * r
        end[a] = i + 1
        out.append(strided_slice(x, begin, end, [1] * r, begin_mask=whole, end_mask=whole,
                                 shrink_axis_mask=1 << a))
    return out


def tile(input, multiples, name=None):
    return _ingot.op("tile", [input, _shape_tensor(multiples)])


def broadcast_to(input, shape, name=None):
    return _ingot.op("broadcast_to", [input, _shape_tensor(shape)])


def gather(params, indices, validate_indices=None, axis=None, batch_dims=0, name=None):
    if batch_dims != 0:
        _ingot.not_supported("tf.gather with batch_dims")
    x = _tensor(params)
    i = _tensor(indices)
    a = 0 if axis is None else _math._axis(axis, _rank(x))
    return _ingot.op("gather", [x, i], {"axis": a})


def strided_slice(input_, begin, end, strides=None, begin_mask=0, end_mask=0, ellipsis_mask=0,
                  new_axis_mask=0, shrink_axis_mask=0, var=None, name=None):
    b = _shape_tensor(begin)
    e = _shape_tensor(end)
    s = _shape_tensor(strides) if strides is not None else _tensor([1] * b.shape[0], int32)
    return _ingot.op("strided_slice", [input_, b, e, s],
                     {"begin_mask": begin_mask, "end_mask": end_mask, "ellipsis_mask": ellipsis_mask,
                      "new_axis_mask": new_axis_mask, "shrink_axis_mask": shrink_axis_mask})


def where(condition, x=None, y=None, name=None):
    """tf.where: with x and y, elementwise selection (the three broadcast); alone, the
    coordinates of the true (non-zero) elements, int64 [n, rank]."""
    c = _tensor(condition)
    if x is None and y is None:
        if c.dtype != _ingot.bool:
            c = _math.not_equal(c, _tensor(0, c.dtype))
        return _ingot.op("where_indices", [c])
    if x is None or y is None:
        raise ValueError("x and y must both be non-None or both be None.")
    if _ingot.is_tensor(x) or not _ingot.is_tensor(y):
        x = _tensor(x)
        y = _tensor(y, x.dtype if not _ingot.is_tensor(y) else None)
    else:
        y = _tensor(y)
        x = _tensor(x, y.dtype)
    if x.dtype != y.dtype:
        raise TypeError("tf.where: x and y must have the same dtype, got %s and %s" % (x.dtype.name, y.dtype.name))
    return _ingot.op("select", [c, x, y])


def one_hot(indices, depth, on_value=None, off_value=None, axis=None, dtype=None, name=None):
    """on_value where indices[...] == j along the new axis, off_value elsewhere; an
    index outside [0, depth) gives a row of off_value, as in TensorFlow."""
    idx = _tensor(indices)
    if dtype is None:
        # TensorFlow's rule: on_value's dtype, else off_value's, else float32.
        if on_value is not None:
            dtype = _tensor(on_value).dtype
        elif off_value is not None:
            dtype = _tensor(off_value).dtype
        else:
            dtype = float32
    on = _tensor(1 if on_value is None else on_value, dtype)
    off = _tensor(0 if off_value is None else off_value, dtype)
    r = _rank(idx)
    a = r if axis is None or axis == -1 else axis
    if a < 0 or a > r:
        raise ValueError("Expected axis to be -1 or between [0, %d).  But received: %d" % (r + 1, axis))
    classes = _ingot.range(0, depth, 1, idx.dtype)
    classes = reshape(classes, [-1] + [1] * (r - a))
    hit = _math.equal(expand_dims(idx, a), classes)
    return _ingot.op("select", [hit, on, off])


def fill(dims, value, name=None):
    v = _tensor(value)
    if v.dtype == _ingot.string:
        # The runtime's string tensors are scalars: tf.fill's string tensor of shape
        # dims would be the first with elements.
        _ingot.not_supported("tf.fill with a string value (string tensors of rank > 0)")
    if not _ingot.is_tensor(dims) and all(isinstance(d, int) for d in dims) and \
            not _ingot.is_tensor(value) and v.dtype != _ingot.string:
        return _ingot.fill(list(dims), value, v.dtype, "Fill")
    return broadcast_to(v, dims)


def _filled_like(input, value, dtype):
    x = _tensor(input)
    dt = x.dtype if dtype is None else dtype
    if None not in x.shape:
        return _ingot.fill(list(x.shape), value, dt)
    return broadcast_to(_tensor(value, dt), _ingot.shape(x))


def zeros_like(input, dtype=None, name=None):
    return _filled_like(input, 0, dtype)


def ones_like(input, dtype=None, name=None):
    return _filled_like(input, 1, dtype)


def eye(num_rows, num_columns=None, batch_shape=None, dtype=float32, name=None):
    m = num_rows if num_columns is None else num_columns
    rows = expand_dims(_ingot.range(0, num_rows, 1, int32), 1)
    e = _ingot.cast(_math.equal(rows, _ingot.range(0, m, 1, int32)), dtype)
    if batch_shape is None:
        return e
    return broadcast_to(e, list(batch_shape) + [num_rows, m])


def size(input, out_type=int32, name=None):
    x = _tensor(input)
    if None not in x.shape:
        n = 1
        for d in x.shape:
            n *= d
        return _tensor(n, out_type)
    return _ingot.cast(_math.reduce_prod(_ingot.shape(x)), out_type)


def rank(input, name=None):
    return _tensor(_rank(_tensor(input)), int32)
