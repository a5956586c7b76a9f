# map (traced once, a tuple's parts as arguments), then batch (element by element),
# repeat, take, skip, enumerate, zip, and prefetch/cache (accepted) -- compiled and
# eagerly alike.
import tensorflow as tf

x = tf.reshape(tf.range(12, dtype=tf.float32), [6, 2])
y = tf.range(6)
ds = tf.data.Dataset.from_tensor_slices((x, y))


def scale(features, label):
    print("tracing the map function")
    return features * 10.0, label + 100


for f, l in ds.map(scale).batch(4):
    tf.print(f, l)
for v in tf.data.Dataset.from_tensor_slices(y).repeat(2).skip(3).take(6):
    tf.print("repeat/skip/take:", v)
for i, (f, l) in ds.take(3).enumerate(start=1):
    tf.print("enumerate:", i, l)
for a, b in tf.data.Dataset.zip((tf.data.Dataset.range(3), ds.skip(4))):
    tf.print("zip:", a, b[1])
for f, l in ds.batch(3).prefetch(tf.data.AUTOTUNE).cache():
    tf.print("prefetch:", l)
for v in tf.data.Dataset.range(2, 11, 4):
    tf.print("range:", v)
for v in tf.data.Dataset.from_tensors(y):
    tf.print("from_tensors:", v)
tf.print("cardinality:", ds.repeat().cardinality(), ds.repeat(3).cardinality(),
         ds.skip(10).cardinality(), ds.skip(-1).cardinality(), ds.take(-1).cardinality())
