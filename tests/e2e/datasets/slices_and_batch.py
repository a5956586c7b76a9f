# from_tensor_slices of a tensor, a tuple and a dict; batch with a partial last batch
# (its batch dim unknown at build time) and with drop_remainder (static).
import tensorflow as tf

x = tf.reshape(tf.range(10, dtype=tf.float32), [5, 2])
y = tf.range(5)
for row in tf.data.Dataset.from_tensor_slices(x):
    tf.print("row", row)
for features, label in tf.data.Dataset.from_tensor_slices((x, y)):
    tf.print(features, label)
for item in tf.data.Dataset.from_tensor_slices({"x": x, "y": y}).take(2):
    tf.print(item["x"], item["y"])

for batch, labels in tf.data.Dataset.from_tensor_slices((x, y)).batch(2):
    print("build time: a batch of shape", batch.shape, "labels", labels.shape)
    tf.print(batch, labels)
for batch in tf.data.Dataset.from_tensor_slices(x).batch(2, drop_remainder=True):
    print("build time, drop_remainder:", batch.shape)
    tf.print(batch)
tf.print("cardinality:", tf.data.Dataset.from_tensor_slices(x).batch(2).cardinality(),
         tf.data.Dataset.from_tensor_slices(x).batch(2, drop_remainder=True).cardinality())
