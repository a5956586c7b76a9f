# ingot-test: exit=1
# A header that is not JSON: the parser's complaint and where.
import tensorflow as tf

w = tf.Variable(tf.zeros([2, 3]), name="w")
b = tf.Variable(tf.zeros([3]), name="b")
ckpt = tf.train.Checkpoint(w=w, b=b)
ckpt.read("../data/files/ckpt_not_json")
tf.print(w)
