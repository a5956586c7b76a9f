# Checkpoint.read of a safetensors file another program wrote (tests/e2e/data/files):
# each variable takes the tensor of its name, save_counter included.
import tensorflow as tf

w = tf.Variable(tf.zeros([2, 3]), name="w")
b = tf.Variable(tf.zeros([3]), name="b")
ckpt = tf.train.Checkpoint(w=w, b=b)
status = ckpt.read("../data/files/ckpt_good")
status.assert_consumed()
tf.print(w)
tf.print(b)
tf.print("save_counter:", ckpt.save_counter)
