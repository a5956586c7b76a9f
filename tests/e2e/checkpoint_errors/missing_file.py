# ingot-test: exit=1
# No file at all.
import tensorflow as tf

w = tf.Variable(tf.zeros([2, 3]), name="w")
b = tf.Variable(tf.zeros([3]), name="b")
ckpt = tf.train.Checkpoint(w=w, b=b)
ckpt.read("../data/files/no_such_checkpoint")
tf.print(w)
