# shuffle: every element once per pass; a new order each pass (reshuffle_each_iteration,
# the default), or the same one each pass without it; a seed makes the orders the same
# on every run; buffer_size 1 keeps the order. repeat(k) reshuffles each of its k passes.
import tensorflow as tf

ds = tf.data.Dataset.range(8)


def show(title, d):
    seen = tf.zeros([0], tf.int64)
    for v in d:
        tf.autograph.experimental.set_loop_options(
            shape_invariants=[(seen, tf.TensorShape([None]))])
        seen = tf.concat([seen, tf.reshape(v, [1])], 0)
    tf.print(title, seen, summarize=-1)


shuffled = ds.shuffle(8, seed=42)
show("pass 1:", shuffled)
show("pass 2:", shuffled)
fixed = ds.shuffle(8, seed=42, reshuffle_each_iteration=False)
show("fixed 1:", fixed)
show("fixed 2:", fixed)
show("buffer 1:", ds.shuffle(1, seed=5))
show("buffer 3:", ds.shuffle(3, seed=5))
show("repeat 3:", ds.shuffle(8, seed=7).repeat(3))
total = tf.constant(0, tf.int64)
for v in ds.shuffle(8, seed=9):
    total += v
tf.print("each element once:", total == 28)
