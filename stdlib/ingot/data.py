"""ingot.data: data files read when the compiled program runs, not when it is built.

Paths are str or string tensors (an ingot.flag, so `./train --data=...` picks the
file). A file ending in .gz, or starting with gzip's magic, is read through zlib.
What the program cannot use stops it with `PATH:LINE: error: ...` (text) or
`PATH: error: ... at byte N` (binary), naming the script line of the load, exit 1.

The result's dtype and rank are part of the program, fixed when it is built:
load_csv gives a [rows, columns] table; load_npy and load_idx read the file's header
at build time to learn them when the path is a str and no dtype/shape is given.
"""
import _ingot
import tensorflow as tf


def _path(path, what):
    if isinstance(path, str) or _ingot.is_tensor(path):
        return path
    raise TypeError("%s: the path must be a str or a string tensor, got %s"
                    % (what, type(path).__name__))


def _dims(shape, what):
    """A shape as the ops take it: None (a dim the file decides) becomes -1."""
    dims = []
    for d in shape:
        if d is None:
            dims.append(-1)
        elif isinstance(d, int) and d >= 0:
            dims.append(d)
        else:
            raise ValueError("%s: shape entries must be ints >= 0 or None, got %r" % (what, d))
    return dims


def _described(kind, path, dtype, shape, what):
    """dtype and shape, those not given read from the file's header at build time."""
    if dtype is not None and shape is not None:
        return dtype, shape
    if not isinstance(path, str):
        raise TypeError("%s: the path is known only when the program runs, so the file's "
                        "dtype and rank cannot be read now: give dtype= and shape= "
                        "(None for the dims the file decides)" % what)
    file_dtype, rank = _ingot.probe_array_file(kind, path)
    if dtype is None:
        dtype = getattr(tf, file_dtype)
    if shape is None:
        shape = [None] * rank
    return dtype, shape


def load_csv(path, skip_header=0, delimiter=",", dtype=tf.float32, shape=None):
    """A CSV file of numbers as a [rows, columns] tensor of dtype.

    skip_header lines are skipped first; blank lines are skipped; every row must have
    as many fields as the first. shape (e.g. [None, 65]) states dims the file must have.
    """
    if not isinstance(skip_header, int) or skip_header < 0:
        raise ValueError("load_csv: skip_header must be an int >= 0, got %r" % (skip_header,))
    if not isinstance(delimiter, str) or len(delimiter) != 1 or delimiter in "\n\r":
        raise ValueError("load_csv: the delimiter must be one character, got %r" % (delimiter,))
    dims = _dims([None, None] if shape is None else shape, "load_csv")
    if len(dims) != 2:
        raise ValueError("load_csv: a CSV table has rank 2, got shape %r" % (shape,))
    return _ingot.op("load_csv", [_path(path, "load_csv")],
                     {"dtype": dtype, "shape": dims, "skip_header": skip_header,
                      "delimiter": delimiter})


def load_npy(path, dtype=None, shape=None):
    """A NumPy .npy file as a tensor, converted to dtype (default: the file's)."""
    dtype, shape = _described("npy", _path(path, "load_npy"), dtype, shape, "load_npy")
    return _ingot.op("load_npy", [path], {"dtype": dtype, "shape": _dims(shape, "load_npy")})


def save_npy(path, x):
    """x as a .npy file that NumPy's np.load reads; written atomically."""
    _ingot.op("save_npy", [_path(path, "save_npy"), tf.convert_to_tensor(x)])


def load_idx(path, dtype=None, shape=None):
    """An IDX file (MNIST's and Fashion-MNIST's format) as a tensor: bytes and ints as
    int32, floats as float32 or float64, unless dtype says otherwise."""
    dtype, shape = _described("idx", _path(path, "load_idx"), dtype, shape, "load_idx")
    return _ingot.op("load_idx", [path], {"dtype": dtype, "shape": _dims(shape, "load_idx")})


def train_test_split(x, y, test_fraction=0.25, seed=None):
    """(x_train, x_test, y_train, y_test), as scikit-learn's train_test_split orders
    them: the rows shuffled together, ceil(test_fraction * rows) of them for testing.
    seed fixes the shuffle (a generator of its own); without it the global one draws."""
    if not isinstance(test_fraction, (int, float)) or not 0 < test_fraction < 1:
        raise ValueError("train_test_split: test_fraction must be between 0 and 1, got %r"
                         % (test_fraction,))
    x = tf.convert_to_tensor(x)
    y = tf.convert_to_tensor(y)
    n = tf.cast(tf.shape(x)[0], tf.int64)
    state = tf.random.Generator.from_seed(seed).state if seed is not None \
        else tf.random.get_global_generator().state
    order = _ingot.random_permutation(state, n, 2 ** 62, 1)
    n_test = tf.cast(tf.math.ceil(tf.cast(n, tf.float64) * test_fraction), tf.int64)
    train, test = order[n_test:], order[:n_test]
    return tf.gather(x, train), tf.gather(x, test), tf.gather(y, train), tf.gather(y, test)
