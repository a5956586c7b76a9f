# ingot.data.load_idx: small IDX files (plain and gzip'd, bytes and floats), then the
# real Fashion-MNIST test set from Debian's dataset-fashion-mnist package.
import tensorflow as tf
import ingot

labels = ingot.data.load_idx("files/labels.idx1")
print("labels:", labels.shape, labels.dtype)
tf.print(labels)
tf.print(ingot.data.load_idx("files/images.idx3.gz"))
tf.print(ingot.data.load_idx("files/floats.idx2"))

FASHION = "/usr/share/datasets/fashion-mnist/"
images = ingot.data.load_idx(FASHION + "t10k-images-idx3-ubyte.gz", dtype=tf.float32)
classes = ingot.data.load_idx(FASHION + "t10k-labels-idx1-ubyte.gz")
print("fashion:", images.shape, classes.shape)
tf.print("shape:", tf.shape(images), "labels:", tf.shape(classes))
tf.print("first labels:", classes[:12], "max pixel:", tf.reduce_max(images), summarize=-1)
tf.print("mean pixel of image 0:", tf.round(tf.reduce_mean(images[0]) * 1000.0) / 1000.0)
