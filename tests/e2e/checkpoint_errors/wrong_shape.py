# ingot-test: exit=1
# A tensor of another shape than its variable's: both shapes.
import tensorflow as tf

w = tf.Variable(tf.zeros([2, 3]), name="w")
b = tf.Variable(tf.zeros([3]), name="b")
ckpt = tf.train.Checkpoint(w=w, b=b)
ckpt.read("../data/files/ckpt_wrong_shape")
tf.print(w)
