# A dataset loop inside a tf.function is one graph while (see the .graph golden):
# traced once, run on every call; break works; the dataset's tensors are captured.
import tensorflow as tf

x = tf.reshape(tf.range(8, dtype=tf.float32), [4, 2])
ds = tf.data.Dataset.from_tensor_slices(x).batch(3)


@tf.function
def total(d, limit):
    s = tf.constant(0.0)
    for batch in d:
        print("tracing the loop body once")
        if s > limit:
            break
        s += tf.reduce_sum(batch)
    return s


tf.print(total(ds, 100.0))
tf.print(total(ds, 1.0))
