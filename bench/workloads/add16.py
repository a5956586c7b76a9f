# bench/compare's per-op workload: x = x + 1 on a float32[16], REPS times in a graph
# loop (peers/op_overhead.py does it in PyTorch). Prints x[0], which must be REPS.
import tensorflow as tf
import ingot

REPS = ingot.flag("reps", 100000, "additions")


@tf.function
def add_loop(reps):
    x = tf.zeros([16])
    i = tf.constant(0)
    while i < reps:
        x = x + 1
        i += 1
    return x


tf.print(add_loop(REPS)[0])
