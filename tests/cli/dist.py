import tensorflow as tf

strategy = tf.distribute.MirroredStrategy()
print("replicas:", strategy.num_replicas_in_sync)
one = tf.distribute.get_replica_context().replica_id_in_sync_group * 0 + 1
tf.print("replicas that ran:", strategy.reduce(tf.distribute.ReduceOp.SUM, one, axis=None))
