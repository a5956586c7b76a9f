"""t[...] on a tensor: TensorFlow's Tensor.__getitem__ (_slice_helper), which turns
the index into one tf.strided_slice: ints (and integer scalar tensors) pick and
remove a dimension, slices keep it (negative bounds and steps as in Python), None
(tf.newaxis) inserts a dimension of 1, and ... stands for every dimension not named.
"""
import _ingot
from . import array_ops as _array_ops

int32 = _ingot.int32
int64 = _ingot.int64

_BAD_INDEX = ("Only integers, slices (`:`), ellipsis (`...`), tf.newaxis (`None`) and scalar "
              "tf.int32/tf.int64 tensors are valid indices, got ")


def _index_part(s):
    if _ingot.is_tensor(s):
        if s.dtype not in (int32, int64) or len(s.shape) != 0:
            raise TypeError(_BAD_INDEX + repr(s))
        return s
    if isinstance(s, bool) or not isinstance(s, int):
        raise TypeError(_BAD_INDEX + repr(s))
    return s


def _slice_bound(v):
    return v if v is None else _index_part(v)


def slice_helper(tensor, slice_spec):
    if not isinstance(slice_spec, (list, tuple)):
        slice_spec = [slice_spec]
    begin, end, strides = [], [], []
    begin_mask = end_mask = ellipsis_mask = new_axis_mask = shrink_axis_mask = 0
    for index, s in enumerate(slice_spec):
        bit = 1 << index
        if isinstance(s, slice):
            start, stop, step = _slice_bound(s.start), _slice_bound(s.stop), _slice_bound(s.step)
            if start is None:
                begin_mask |= bit
                start = 0
            if stop is None:
                end_mask |= bit
                stop = 0
            begin.append(start)
            end.append(stop)
            strides.append(1 if step is None else step)
        elif s is Ellipsis:
            if ellipsis_mask:
                raise ValueError("An index can only have a single ellipsis ('...')")
            ellipsis_mask |= bit
            begin.append(0)
            end.append(0)
            strides.append(1)
        elif s is None:
            new_axis_mask |= bit
            begin.append(0)
            end.append(0)
            strides.append(1)
        else:
            i = _index_part(s)
            shrink_axis_mask |= bit
            begin.append(i)
            end.append(i + 1)
            strides.append(1)
    return _array_ops.strided_slice(tensor, begin, end, strides, begin_mask=begin_mask, end_mask=end_mask,
                                    ellipsis_mask=ellipsis_mask, new_axis_mask=new_axis_mask,
                                    shrink_axis_mask=shrink_axis_mask)


_ingot.register_slice_helper(slice_helper)
