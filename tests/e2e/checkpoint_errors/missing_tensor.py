# ingot-test: exit=1
# A checkpoint without one of the program's variables: the file and the tensor.
import tensorflow as tf

w = tf.Variable(tf.zeros([2, 3]), name="w")
b = tf.Variable(tf.zeros([3]), name="b")
ckpt = tf.train.Checkpoint(w=w, b=b)
ckpt.read("../data/files/ckpt_missing_b")
tf.print(w)
