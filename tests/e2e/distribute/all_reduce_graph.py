# Where the replicas meet, in the graph: a strategy's reduce and an optimizer's
# gradients are all_reduce ops (a sum over the replicas; several gradients of one
# dtype packed into one), and the replica's id is a replica_id op.
import tensorflow as tf

strategy = tf.distribute.MultiWorkerMirroredStrategy()
with strategy.scope():
    a = tf.Variable([1.0, 2.0], name="a")
    b = tf.Variable(3.0, name="b")
    optimizer = tf.keras.optimizers.SGD(0.1)


@tf.function
def step(x):
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(a * x) + b * b
    optimizer.apply_gradients(zip(tape.gradient(loss, [a, b]), [a, b]))
    replica = tf.distribute.get_replica_context().replica_id_in_sync_group
    return strategy.reduce(tf.distribute.ReduceOp.MEAN, loss, axis=None), replica


loss, replica = step(tf.constant([1.0, 1.0]))
tf.print("loss", loss, "replica", replica, "a", a, "b", b)
