# ingot-test: args='--dir={scratch}/run --first={scratch}/run/ckpt-1' exit=1
# CheckpointManager(max_to_keep=2) deletes ckpt-1 once ckpt-3 is saved: reading it
# afterwards finds no file.
import tensorflow as tf
import ingot

w = tf.Variable(tf.zeros([2]))
ckpt = tf.train.Checkpoint(w=w)
manager = tf.train.CheckpointManager(ckpt, ingot.flag("dir", "run"), max_to_keep=2)
for step in tf.range(3):
    tf.print("saved", manager.save())
ckpt.read(manager.latest_checkpoint)
tf.print("the newest reads back")
ckpt.read(ingot.flag("first", "run/ckpt-1"))
