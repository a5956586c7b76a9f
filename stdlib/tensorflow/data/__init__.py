"""tf.data: input pipelines over tensors in memory, traced into the program.

A dataset here is a function of an index: it has `size` elements (an int64 scalar
tensor, known when the program runs), and element i is computed from i by graph ops
(a gather from the sliced tensors, through the shuffle's order, the map's function,
a batch's range of rows). So `for x in dataset:` in traced code is one graph `while`
over i in [0, size) whose body starts by computing element i; nothing is copied
ahead, and a dataset costs nothing until it is iterated. Eagerly (--eager) the same
loop runs in Python over concrete elements.

One pass over a dataset may need state computed when the pass starts, a shuffle's
order: `_start(epochs)` makes it, for `epochs` passes in a row (what repeat(k) asks
of the dataset it repeats, so a shuffle reshuffles each pass), or None for passes
without end. `_get(state, i)` is then element i, for i < epochs * size: each dataset
maps the index of a later pass back into its own.

Elements are tensors or tuples/dicts of them, as TensorFlow's are; map's function
gets a tuple's parts as separate arguments. A partial last batch makes the batch
dimension unknown (None), as in TensorFlow; drop_remainder=True keeps it static.
"""
from .. import _missing
import _ingot
import tensorflow as tf

_int64 = _ingot.int64
INFINITE = -1
UNKNOWN = -2
AUTOTUNE = -1
_UNBOUNDED = 2 ** 62


def _map_structure(fn, s):
    if isinstance(s, tuple):
        return tuple(_map_structure(fn, x) for x in s)
    if isinstance(s, list):
        return [_map_structure(fn, x) for x in s]
    if isinstance(s, dict):
        return {k: _map_structure(fn, s[k]) for k in s}
    return fn(s)


def _flatten(s):
    if isinstance(s, (tuple, list)):
        return [leaf for x in s for leaf in _flatten(x)]
    if isinstance(s, dict):
        return [leaf for k in s for leaf in _flatten(s[k])]
    return [s]


def _pack_like(s, leaves, at=0):
    """(s's structure with leaves from leaves[at:], the index after them)."""
    if isinstance(s, (tuple, list)):
        items = []
        for x in s:
            item, at = _pack_like(x, leaves, at)
            items.append(item)
        return (tuple(items) if isinstance(s, tuple) else items), at
    if isinstance(s, dict):
        out = {}
        for k in s:
            out[k], at = _pack_like(s[k], leaves, at)
        return out, at
    return leaves[at], at + 1


def _count(n):
    return tf.cast(n, _int64)


class Dataset:
    """What every dataset shares: the transformations, iteration, cardinality."""

    # ---- the protocol the subclasses implement -----------------------------------
    def _size(self):
        raise NotImplementedError

    def _start(self, epochs):
        return None

    def _get(self, state, i):
        raise NotImplementedError

    def _rows(self, state, indices):
        """The elements at an int64 vector of indices, stacked; None when only one
        element at a time can be had (after map)."""
        return None

    # ---- iteration -------------------------------------------------------------------
    def _ingot_loop(self):
        """(size, element): what a traced `for x in dataset` loops over."""
        state = self._start(1)
        return self._size(), lambda i: self._get(state, i)

    def __iter__(self):
        """Eager iteration: element by element, in Python. (Traced, a for loop over a
        dataset is a graph loop; iter() itself needs the size, known only eagerly.)"""
        return _Iterator(self)

    def cardinality(self):
        """The number of elements, an int64 scalar tensor (INFINITE after repeat())."""
        n = self._size()
        return tf.where(n >= _UNBOUNDED, tf.constant(INFINITE, _int64), n)

    # ---- sources ------------------------------------------------------------------------
    @staticmethod
    def from_tensor_slices(tensors, name=None):
        return _Slices(tensors)

    @staticmethod
    def from_tensors(tensors, name=None):
        return _Slices(_map_structure(lambda t: tf.expand_dims(tf.convert_to_tensor(t), 0),
                                      tensors))

    @staticmethod
    def range(*args, **kwargs):
        dtype = kwargs.get("dtype", _int64)
        return _Slices(tf.range(*args, dtype=dtype))

    @staticmethod
    def zip(*datasets, name=None):
        if len(datasets) == 1 and isinstance(datasets[0], (tuple, list)):
            datasets = datasets[0]
        return _Zip(tuple(datasets))

    # ---- transformations ----------------------------------------------------------------
    def shuffle(self, buffer_size, seed=None, reshuffle_each_iteration=None, name=None):
        return _Shuffle(self, buffer_size, seed,
                        True if reshuffle_each_iteration is None else reshuffle_each_iteration)

    def batch(self, batch_size, drop_remainder=False, num_parallel_calls=None,
              deterministic=None, name=None):
        return _Batch(self, batch_size, drop_remainder)

    def map(self, map_func, num_parallel_calls=None, deterministic=None, name=None):
        return _Map(self, map_func)

    def repeat(self, count=None, name=None):
        return _Repeat(self, count)

    def take(self, count, name=None):
        return _Take(self, count)

    def skip(self, count, name=None):
        return _Skip(self, count)

    def enumerate(self, start=0, name=None):
        return _Enumerate(self, start)

    def prefetch(self, buffer_size, name=None):
        """Accepted: the compiled program computes each element when the loop needs it."""
        return self

    def cache(self, filename="", name=None):
        """Accepted: the elements come from tensors already in memory."""
        if filename:
            _ingot.not_supported("Dataset.cache to a file")
        return self


class _Iterator:
    def __init__(self, dataset):
        self._dataset = dataset
        self._state = dataset._start(1)
        self._n = int(dataset._size())
        self._i = 0

    def __iter__(self):
        return self

    def __next__(self):
        if self._i >= self._n:
            raise StopIteration
        element = self._dataset._get(self._state, tf.constant(self._i, _int64))
        self._i += 1
        return element


class _Slices(Dataset):
    """from_tensor_slices: element i is row i of every tensor."""

    def __init__(self, tensors):
        self._tensors = _map_structure(tf.convert_to_tensor, tensors)
        leaves = _flatten(self._tensors)
        if not leaves:
            raise ValueError("from_tensor_slices: no tensors given")
        rows = [t.shape[0] if len(t.shape) > 0 else 0 for t in leaves]
        if any(len(t.shape) == 0 for t in leaves):
            raise ValueError("from_tensor_slices: a scalar has no rows to slice")
        known = [r for r in rows if r is not None]
        if any(r != known[0] for r in known):
            raise ValueError("from_tensor_slices: the tensors have different numbers of rows: "
                             "%s" % ", ".join(str(r) for r in rows))
        self._n = _count(tf.shape(leaves[0])[0])

    def _size(self):
        return self._n

    def _get(self, state, i):
        i = i % self._n
        return _map_structure(lambda t: tf.gather(t, i), self._tensors)

    def _rows(self, state, indices):
        indices = indices % self._n
        return _map_structure(lambda t: tf.gather(t, indices), self._tensors)


class _Shuffle(Dataset):
    """The order a buffer of buffer_size elements gives, drawn from a generator of the
    dataset's own: seeded by seed, or by its creation order (the first shuffle of the
    program gets 1, ...) as TensorFlow derives op seeds from the global seed. Without
    reshuffle_each_iteration every pass starts the generator over: the same order."""

    _created = [0]

    def __init__(self, inner, buffer_size, seed, reshuffle):
        if not isinstance(buffer_size, int) or (buffer_size < 1 and buffer_size != AUTOTUNE):
            raise ValueError("shuffle: buffer_size must be an int >= 1, got %r" % (buffer_size,))
        _Shuffle._created[0] += 1
        if seed is None:
            seed = _Shuffle._created[0]
        self._inner = inner
        self._buffer = _UNBOUNDED if buffer_size == AUTOTUNE else buffer_size
        self._reshuffle = reshuffle
        self._generator = tf.random.Generator.from_seed(seed)
        self._first = None if reshuffle else tf.random.Generator.from_seed(seed)

    def _size(self):
        return self._inner._size()

    def _start(self, epochs):
        if epochs is None:
            if self._reshuffle:
                _ingot.not_supported("repeat() without a count over a shuffle that reshuffles "
                                     "each iteration (give repeat a count, or shuffle "
                                     "reshuffle_each_iteration=False)")
            epochs = 1
        if self._first is not None:
            self._generator.state.assign(self._first.state)
        order = _ingot.random_permutation(self._generator.state, self._inner._size(),
                                          self._buffer, epochs)
        return self._inner._start(1), order

    def _get(self, state, i):
        inner_state, order = state
        return self._inner._get(inner_state, tf.gather(order, i % tf.shape(order, _int64)[0]))

    def _rows(self, state, indices):
        inner_state, order = state
        return self._inner._rows(inner_state,
                                 tf.gather(order, indices % tf.shape(order, _int64)[0]))


class _Map(Dataset):
    """map(fn): fn is a tf.function here, as TensorFlow makes it a graph function: traced
    once (per element signature), however many places compute an element."""

    def __init__(self, inner, fn):
        self._inner = inner
        self._fn = tf.function(fn)

    def _size(self):
        return self._inner._size()

    def _start(self, epochs):
        return self._inner._start(epochs)

    def _get(self, state, i):
        element = self._inner._get(state, i)
        if isinstance(element, tuple):
            return self._fn(*element)
        return self._fn(element)


class _Batch(Dataset):
    def __init__(self, inner, batch_size, drop_remainder):
        if not isinstance(batch_size, int) or batch_size < 1:
            raise ValueError("batch: batch_size must be an int >= 1, got %r" % (batch_size,))
        self._inner = inner
        self._n = batch_size
        self._drop = drop_remainder

    def _size(self):
        n = self._inner._size()
        return n // self._n if self._drop else (n + self._n - 1) // self._n

    def _start(self, epochs):
        return self._inner._start(epochs)

    def _get(self, state, b):
        inner_n, per_pass = self._inner._size(), self._size()
        first = (b // per_pass) * inner_n + (b % per_pass) * self._n
        if self._drop:
            indices = first + tf.range(self._n, dtype=_int64)
        else:
            end = tf.minimum(first + self._n, (b // per_pass + 1) * inner_n)
            indices = tf.range(first, end, dtype=_int64)
        rows = self._inner._rows(state, indices)
        return rows if rows is not None else self._stack(state, indices)

    def _stack(self, state, indices):
        """Element by element (after map): a loop that appends each to the batch."""
        head = self._inner._get(state, indices[0])
        leaves = [tf.expand_dims(t, 0) for t in _flatten(head)]
        invariants = [tf.TensorShape([None] + list(t.shape)[1:]) for t in leaves]

        def more(j, *rows):
            return j < tf.shape(indices, _int64)[0]

        def append(j, *rows):
            element = _flatten(self._inner._get(state, tf.gather(indices, j)))
            grown = [_ingot.op("stack_push", [r, e]) for r, e in zip(rows, element)]
            return (j + 1,) + tuple(grown)

        final = tf.while_loop(more, append, [tf.constant(1, _int64)] + leaves,
                              shape_invariants=[tf.TensorShape([])] + invariants)
        return _pack_like(head, list(final[1:]))[0]


class _Repeat(Dataset):
    def __init__(self, inner, count):
        if count is not None and (not isinstance(count, int) or count < -1):
            raise ValueError("repeat: count must be None, -1 or an int >= 0, got %r" % (count,))
        self._inner = inner
        self._count = None if count is None or count == -1 else count

    def _size(self):
        if self._count is None:
            return tf.constant(_UNBOUNDED, _int64)
        return self._inner._size() * self._count

    def _start(self, epochs):
        if self._count is None or epochs is None:
            return self._inner._start(None)
        return self._inner._start(epochs * self._count)

    def _get(self, state, i):
        return self._inner._get(state, i)

    def _rows(self, state, indices):
        return self._inner._rows(state, indices)


class _Window(Dataset):
    """take(k) / skip(k): k elements from (or after) the start of each pass; a
    negative k takes all of them, or skips all of them (TensorFlow's -1)."""

    def __init__(self, inner, count, taking):
        if not isinstance(count, int) and not _ingot.is_tensor(count):
            raise TypeError("%s: count must be an int, got %r"
                            % ("take" if taking else "skip", count))
        self._inner = inner
        self._k = _count(count)
        self._taking = taking

    def _size(self):
        n = self._inner._size()
        if self._taking:
            return tf.where(self._k < 0, n, tf.minimum(self._k, n))
        return tf.where(self._k < 0, 0, tf.maximum(n - self._k, 0))   # skip(-1): all

    def _start(self, epochs):
        return self._inner._start(epochs)

    def _index(self, i):
        per_pass = self._size()
        offset = 0 if self._taking else tf.maximum(self._k, 0)
        return (i // per_pass) * self._inner._size() + offset + i % per_pass

    def _get(self, state, i):
        return self._inner._get(state, self._index(i))

    def _rows(self, state, indices):
        return self._inner._rows(state, self._index(indices))


def _Take(inner, count):
    return _Window(inner, count, True)


def _Skip(inner, count):
    return _Window(inner, count, False)


class _Enumerate(Dataset):
    def __init__(self, inner, start):
        self._inner = inner
        self._first = _count(start)

    def _size(self):
        return self._inner._size()

    def _start(self, epochs):
        return self._inner._start(epochs)

    def _get(self, state, i):
        return self._first + i % self._inner._size(), self._inner._get(state, i)

    def _rows(self, state, indices):
        rows = self._inner._rows(state, indices)
        if rows is None:
            return None
        return self._first + indices % self._inner._size(), rows


class _Zip(Dataset):
    def __init__(self, datasets):
        if not datasets or not all(isinstance(d, Dataset) for d in datasets):
            raise TypeError("zip: expects datasets, got %r" % (datasets,))
        self._datasets = datasets

    def _size(self):
        n = self._datasets[0]._size()
        for d in self._datasets[1:]:
            n = tf.minimum(n, d._size())
        return n

    def _start(self, epochs):
        return tuple(d._start(epochs) for d in self._datasets)

    def _index(self, d, i):
        per_pass = self._size()
        return (i // per_pass) * d._size() + i % per_pass

    def _get(self, state, i):
        return tuple(d._get(s, self._index(d, i)) for d, s in zip(self._datasets, state))

    def _rows(self, state, indices):
        rows = tuple(d._rows(s, self._index(d, indices)) for d, s in zip(self._datasets, state))
        return None if any(r is None for r in rows) else rows

__ingot_missing__ = _missing.names(__name__)
