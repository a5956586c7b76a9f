# Replicas that fail, for run_distribute.py. Every step sums a value over the replicas,
# so each replica waits for the others at every step. --mode: 0 steps until --steps or
# until killed; 1 replica 1 meets a run-time error (a gather out of range) at step 3;
# 2 replica 1 leaves the loop after 3 steps and the others wait in a collective.
import tensorflow as tf
import ingot

strategy = tf.distribute.MultiWorkerMirroredStrategy()
mode = ingot.flag("mode", 0, "0 run, 1 an error on replica 1, 2 replica 1 stops early")
steps = ingot.flag("steps", 10000000, "steps to run")
table = tf.constant([1.0, 2.0])


def replica_step(i):
    replica = tf.distribute.get_replica_context().replica_id_in_sync_group
    fail = tf.logical_and(tf.equal(mode, 1), tf.logical_and(tf.equal(replica, 1),
                                                            tf.equal(i, 3)))
    return tf.gather(table, tf.where(fail, 100, 0))


@tf.function
def step(i):
    return strategy.reduce(tf.distribute.ReduceOp.SUM, strategy.run(replica_step, args=(i,)),
                           axis=None)


replica = tf.distribute.get_replica_context().replica_id_in_sync_group
limit = tf.where(tf.logical_and(tf.equal(mode, 2), tf.equal(replica, 1)), 3, steps)
i = 0
total = 0.0
while i < limit:
    total += step(i)
    i += 1
tf.print("replica", replica, "done:", total)
