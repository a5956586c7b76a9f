# ingot-test: exit=1
# Data cut short: where the tensor should end and where the file does.
import tensorflow as tf

w = tf.Variable(tf.zeros([2, 3]), name="w")
b = tf.Variable(tf.zeros([3]), name="b")
ckpt = tf.train.Checkpoint(w=w, b=b)
ckpt.read("../data/files/ckpt_truncated")
tf.print(w)
