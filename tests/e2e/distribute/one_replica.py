# tf.distribute with one replica (the build's default --replicas=1): the program links
# MPI but runs alone, without mpirun; every collective is its input. The graph shows
# where the replicas would meet: the all_reduce ops.
import tensorflow as tf

print("has a strategy:", tf.distribute.has_strategy())
strategy = tf.distribute.MirroredStrategy()
print("replicas:", strategy.num_replicas_in_sync)

with strategy.scope():
    print("in the scope:", tf.distribute.has_strategy(), tf.distribute.in_cross_replica_context(),
          tf.distribute.get_strategy() is strategy)
    w = tf.Variable([[1.0], [2.0]], name="w")
    optimizer = tf.keras.optimizers.SGD(0.5)

x = tf.constant([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0], [2.0, 1.0]])
y = tf.constant([[2.0], [1.0], [3.0], [4.0]])
batches = strategy.experimental_distribute_dataset(
    tf.data.Dataset.from_tensor_slices((x, y)).batch(2))


def replica_step(xb, yb):
    context = tf.distribute.get_replica_context()
    with tf.GradientTape() as tape:
        per_example = tf.reduce_sum(tf.square(tf.matmul(xb, w) - yb), axis=1)
        loss = tf.nn.compute_average_loss(per_example)
    optimizer.apply_gradients(zip(tape.gradient(loss, [w]), [w]))
    rows = context.all_reduce(tf.distribute.ReduceOp.SUM, tf.shape(xb)[0])
    return loss, rows, context.replica_id_in_sync_group


@tf.function
def train_step(xb, yb):
    loss, rows, replica = strategy.run(replica_step, args=(xb, yb))
    return strategy.reduce(tf.distribute.ReduceOp.SUM, loss, axis=None), rows, replica


for xb, yb in batches:
    loss, rows, replica = train_step(xb, yb)
    tf.print("replica", replica, "rows", rows, "loss", loss)
tf.print("w", w)
values = tf.constant([[1.0, 2.0], [3.0, 4.0]])
tf.print("sum over axis 0:", strategy.reduce(tf.distribute.ReduceOp.SUM, values, axis=0))
tf.print("mean over axis 0:", strategy.reduce(tf.distribute.ReduceOp.MEAN, values, axis=0))
tf.print("mean of a nest:", strategy.reduce("MEAN", {"a": values[0], "b": values[1, 1]}))
print("local results:", len(strategy.experimental_local_results(values)))
