# The real thing: scikit-learn's digits (1797 images of 8x8 pixels, then the label)
# read from the gzip'd CSV the examples ship, at run time, through a path flag.
import tensorflow as tf
import ingot

path = ingot.flag("data", "../../../examples/data/digits.csv.gz", "the digits CSV")
table = ingot.data.load_csv(path, dtype=tf.int32, shape=[None, 65])
images, labels = table[:, :64], table[:, 64]
tf.print("rows:", tf.shape(table)[0], "pixels max:", tf.reduce_max(images))
tf.print("first labels:", labels[:10], summarize=-1)
per_digit = tf.reduce_sum(tf.cast(tf.equal(tf.expand_dims(labels, 1), tf.range(10)), tf.int32), 0)
tf.print("images per digit:", per_digit, summarize=-1)
