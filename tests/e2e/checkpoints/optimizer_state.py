# ingot-test: args='--path={scratch}/ckpt'
# An optimizer in a checkpoint: its step count and its slots (Adam's m and v, named
# after the variable they belong to), so training resumes exactly where it stopped:
# two steps, save, two more steps -- then restore and redo the last two, which give
# the same weights again.
import tensorflow as tf
import ingot

w = tf.Variable([1.0, -2.0], name="w")
optimizer = tf.keras.optimizers.Adam(learning_rate=0.1)


@tf.function
def step():
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(tf.square(w - 3.0))
    optimizer.apply_gradients([(tape.gradient(loss, w), w)])


ckpt = tf.train.Checkpoint(optimizer=optimizer, w=w)
path = ingot.flag("path", "ckpt")
step()
step()
ckpt.write(path)
print("names:", [name for name, _ in ckpt._variables()])   # (a private helper)
step()
step()
after_four = tf.identity(w)
ckpt.read(path)
tf.print("restored after", optimizer.iterations, "steps:", tf.round(w * 1000.0) / 1000.0)
step()
step()
tf.print("the same weights again:", tf.reduce_all(w == after_four), optimizer.iterations)
