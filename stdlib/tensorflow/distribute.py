"""tf.distribute: data-parallel training, each replica one process of the compiled
program, the replicas joined by MPI (runtime/src/mpi/; `mpirun -n N PROGRAM`).

num_replicas_in_sync is a Python int at build time, as in TensorFlow: the build's
`--replicas N` (1 by default). Making a strategy makes the program an MPI program
(_ingot.replicas). Every replica runs the same graph; what differs between them is the
shard of each global batch they get (experimental_distribute_dataset, by the
replica_id op) and nothing else: the collectives (the all_reduce op: a sum over the
replicas) keep their variables equal. Variables start equal too: in a distributed
program each variable's first value is rank 0's (the runtime broadcasts it).

One replica per process, so a "per-replica value" here is the local tensor, and
strategy.run(fn) calls fn once, in the replica context of its strategy.
"""
from . import _missing
import _ingot
import tensorflow as tf
from .data import _flatten, _pack_like   # a nest's leaves, and the nest rebuilt from them


class ReduceOp:
    SUM = "SUM"
    MEAN = "MEAN"


_scopes = []      # the strategies whose scope() is entered, innermost last
_replicas = []    # the strategies whose run() is calling its function, innermost last


def _static_size(t):
    n = 1
    for d in t.shape:
        if d is None:
            return None
        n *= d
    return n


def all_reduce_sum(tensors, replicas):
    """The sum over the replicas of each tensor of the list, in one all_reduce per
    dtype: the tensors of a dtype are flattened and joined into one buffer, summed, and
    cut apart again (TensorFlow's collectives pack small tensors the same way), so a
    model's gradients cross the network in one message per step."""
    tensors = [tf.convert_to_tensor(t) for t in tensors]
    if replicas == 1 or len(tensors) <= 1:
        return [_ingot.op("all_reduce", [t], {}) for t in tensors]
    out = [None] * len(tensors)
    groups = []                      # (dtype, [indices])
    for i in range(len(tensors)):
        for group in groups:
            if group[0] == tensors[i].dtype:
                group[1].append(i)
                break
        else:
            groups.append((tensors[i].dtype, [i]))
    for dtype, indices in groups:
        if len(indices) == 1:
            out[indices[0]] = _ingot.op("all_reduce", [tensors[indices[0]]], {})
            continue
        parts = [tf.reshape(tensors[i], [-1]) for i in indices]
        summed = _ingot.op("all_reduce", [tf.concat(parts, 0)], {})
        at = 0
        for i in indices:
            t = tensors[i]
            size = _static_size(t)
            if size is None:
                size, shape = tf.size(t), tf.shape(t)
            else:
                shape = list(t.shape)
            out[i] = tf.reshape(summed[at:at + size], shape)
            at = at + size
    return out


def _check_reduce_op(reduce_op):
    if reduce_op not in (ReduceOp.SUM, ReduceOp.MEAN):
        raise ValueError("reduce_op must be tf.distribute.ReduceOp.SUM or MEAN, got %r"
                         % (reduce_op,))


def _reduce_nest(reduce_op, value, replicas):
    _check_reduce_op(reduce_op)
    summed = all_reduce_sum(_flatten(value), replicas)
    if reduce_op == ReduceOp.MEAN:
        summed = [s / tf.cast(replicas, s.dtype) for s in summed]
    return _pack_like(value, summed)[0]


class ReplicaContext:
    """Where a replica's function runs (strategy.run): its strategy, its id, and the
    collectives across the replicas."""

    def __init__(self, strategy):
        self._strategy = strategy

    @property
    def strategy(self):
        return self._strategy

    @property
    def num_replicas_in_sync(self):
        return self._strategy.num_replicas_in_sync

    @property
    def replica_id_in_sync_group(self):
        return _ingot.op("replica_id", [], {})

    def all_reduce(self, reduce_op, value, options=None):
        """value (a tensor or a nest of them) summed, or averaged, over the replicas."""
        return _reduce_nest(reduce_op, value, self.num_replicas_in_sync)


class _Scope:
    def __init__(self, strategy):
        self._strategy = strategy

    def __enter__(self):
        _scopes.append(self._strategy)
        return self._strategy

    def __exit__(self, kind, value, traceback):
        _scopes.pop()
        return False


class Strategy:
    """What the strategies share. On CPU every strategy here is one replica per
    process; they differ in TensorFlow by how they place replicas on devices and
    machines, which mpirun does for Ingot."""

    def __init__(self):
        self._num_replicas = _ingot.replicas()

    @property
    def num_replicas_in_sync(self):
        return self._num_replicas

    def scope(self):
        """Variables, models and optimizers made inside belong to this strategy: an
        optimizer's apply_gradients sums the gradients over the replicas first, a
        metric's result is over every replica's data, Keras's fit shards its batches."""
        return _Scope(self)

    def experimental_distribute_dataset(self, dataset, options=None):
        """dataset's elements are global batches; each replica gets its rows of every one."""
        if not isinstance(dataset, tf.data.Dataset):
            raise ValueError("experimental_distribute_dataset: expected a tf.data.Dataset, "
                             "got %r" % (dataset,))
        return _DistributedDataset(dataset, self._num_replicas)

    def distribute_datasets_from_function(self, dataset_fn, options=None):
        _ingot.not_supported("Strategy.distribute_datasets_from_function (use "
                             "experimental_distribute_dataset)")

    def run(self, fn, args=(), kwargs=None, options=None):
        """fn(*args, **kwargs) on this replica, in this strategy's replica context."""
        _replicas.append(self)
        try:
            return fn(*args, **(kwargs or {}))
        finally:
            _replicas.pop()

    def reduce(self, reduce_op, value, axis=None):
        """The per-replica value (a tensor or a nest) reduced over the replicas; with an
        axis, over that axis of every replica's tensor too (MEAN: the mean of all those
        elements, however the replicas' shares differ)."""
        if axis is None:
            return _reduce_nest(reduce_op, value, self._num_replicas)
        _check_reduce_op(reduce_op)
        leaves = [tf.convert_to_tensor(v) for v in _flatten(value)]
        sums = all_reduce_sum([tf.reduce_sum(v, axis) for v in leaves], self._num_replicas)
        if reduce_op == ReduceOp.MEAN:
            counts = all_reduce_sum([tf.shape(v)[axis] for v in leaves], self._num_replicas)
            sums = [s / tf.cast(c, s.dtype) for s, c in zip(sums, counts)]
        return _pack_like(value, sums)[0]

    def experimental_local_results(self, value):
        """This process's values: one replica's, as a tuple."""
        return (value,)

    def gather(self, value, axis):
        _ingot.not_supported("Strategy.gather (an all-gather across the replicas)")


class MirroredStrategy(Strategy):
    """TensorFlow's one-machine, many-device strategy; here, as on CPU, one replica
    per process: `mpirun -n N` on one machine or several."""

    def __init__(self, devices=None, cross_device_ops=None):
        Strategy.__init__(self)


class MultiWorkerMirroredStrategy(Strategy):
    """Synchronous training on several machines, one replica per process."""

    def __init__(self, cluster_resolver=None, communication_options=None):
        Strategy.__init__(self)


class _DefaultStrategy(Strategy):
    """The strategy in effect outside every scope: one replica, no MPI."""

    def __init__(self):
        self._num_replicas = 1


_default = []


def _default_strategy():
    if not _default:
        _default.append(_DefaultStrategy())
    return _default[0]


def get_strategy():
    """The strategy whose scope or run() is innermost, or the default one."""
    if _replicas:
        return _replicas[-1]
    if _scopes:
        return _scopes[-1]
    return _default_strategy()


def has_strategy():
    return bool(_scopes) or bool(_replicas)


def in_cross_replica_context():
    return bool(_scopes) and not _replicas


def get_replica_context():
    """The replica context of strategy.run's function, the default strategy's outside
    every scope, and None in a scope outside run() (TensorFlow's cross-replica context)."""
    if _replicas:
        return ReplicaContext(_replicas[-1])
    if _scopes:
        return None
    return ReplicaContext(_default_strategy())


def _current():
    """The strategy of the code running now, or None: what an optimizer or a metric
    made outside any scope uses."""
    return get_strategy() if has_strategy() else None


class _DistributedDataset(tf.data.Dataset):
    """experimental_distribute_dataset: element i is this replica's part of global
    batch i (every tensor of the element cut along its first dimension). Of a batch of
    b rows, replica r of n gets b // n, one more for each of the first b % n replicas
    (TensorFlow's rebatching); when b is known and n divides it the part's batch
    dimension is known too."""

    def __init__(self, dataset, replicas):
        self._dataset = dataset
        self._n = replicas

    def _size(self):
        return self._dataset._size()

    def _start(self, epochs):
        return self._dataset._start(epochs)

    def _get(self, state, i):
        element = self._dataset._get(state, i)
        leaves = [self._part(tf.convert_to_tensor(t)) for t in _flatten(element)]
        return _pack_like(element, leaves)[0]

    def _part(self, t):
        if len(t.shape) == 0:
            raise ValueError("experimental_distribute_dataset: the elements must be batches "
                             "(batch the dataset first), got a scalar")
        if self._n == 1:
            return t
        replica = _ingot.op("replica_id", [], {})
        rows = t.shape[0]
        rest = list(t.shape[1:])
        if rows is not None and rows % self._n == 0 and None not in rest:
            return tf.gather(tf.reshape(t, [self._n, rows // self._n] + rest), replica)
        rows = tf.shape(t)[0]
        base, extra = rows // self._n, rows % self._n
        start = replica * base + tf.minimum(replica, extra)
        count = base + tf.cast(replica < extra, _ingot.int32)
        return t[start:start + count]


__ingot_missing__ = _missing.names(__name__)
