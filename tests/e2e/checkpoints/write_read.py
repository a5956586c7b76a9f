# ingot-test: args='--path={scratch}/weights'
# A checkpoint names variables by their path from the Checkpoint's keywords: object
# attributes (leading underscores dropped), list indices, dict keys. write() then
# read() gives every variable back after it was changed; dtypes other than float32
# and scalars come back too.
import tensorflow as tf
import ingot


class Model:
    def __init__(self):
        self.kernel = tf.Variable(tf.reshape(tf.range(6, dtype=tf.float32), [2, 3]))
        self._bias = tf.Variable(tf.constant([0.5, -0.5, 0.25]))
        self.blocks = [tf.Variable(3), {"scale": tf.Variable(2.5, dtype=tf.float64)}]


model = Model()
step = tf.Variable(7, dtype=tf.int64)
ckpt = tf.train.Checkpoint(model=model, step=step)
path = ingot.flag("path", "weights", "where the checkpoint goes")
tf.print("wrote", ckpt.write(path))

model.kernel.assign(tf.zeros([2, 3]))
model._bias.assign(tf.zeros([3]))
model.blocks[0].assign(0)
model.blocks[1]["scale"].assign(0.0)
step.assign(0)
ckpt.read(path)
tf.print(model.kernel)
tf.print(model._bias, model.blocks[0], model.blocks[1]["scale"], step)
