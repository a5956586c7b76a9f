# ingot-test: args='--dir={scratch}/run'
# CheckpointManager: numbered saves DIR/ckpt-1, ckpt-2, ..., the newest max_to_keep
# kept and listed in DIR/checkpoint; latest_checkpoint is "" until the first save,
# and restoring "" changes nothing, so a program resumes where an earlier run stopped
# and starts afresh the first time. save_counter goes on from the restored count.
import tensorflow as tf
import ingot

w = tf.Variable(tf.zeros([2]))
ckpt = tf.train.Checkpoint(w=w)
manager = tf.train.CheckpointManager(ckpt, ingot.flag("dir", "run"), max_to_keep=2)
tf.print("latest before any save: '", manager.latest_checkpoint, "'", sep="")
ckpt.restore(manager.latest_checkpoint)
tf.print("nothing restored:", w)

for epoch in tf.range(3):
    w.assign_add(tf.ones([2]))
    tf.print("saved", manager.save())
tf.print("latest:", manager.latest_checkpoint)

w.assign(tf.zeros([2]))
ckpt.restore(manager.latest_checkpoint)
tf.print("restored:", w, "after", ckpt.save_counter, "saves")
ckpt.restore(tf.train.latest_checkpoint(manager.directory))
tf.print("the same through tf.train.latest_checkpoint:", w)
