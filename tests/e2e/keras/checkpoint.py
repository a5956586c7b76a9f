# ingot-test: args='--path={scratch}/model'
# A Keras model in a checkpoint: its weights named by attribute path (a Sequential's
# layers by index; a seeded initializer's generator is not model state), written,
# changed, read back.
import tensorflow as tf
import ingot

model = tf.keras.Sequential([
    tf.keras.layers.Dense(4, activation="relu",
                          kernel_initializer=tf.keras.initializers.GlorotUniform(seed=1)),
    tf.keras.layers.Dense(2, kernel_initializer="he_normal"),
])
x = tf.ones([1, 3])
before = model(x)
ckpt = tf.train.Checkpoint(model=model)
print("names:", [name for name, _ in ckpt._variables()])   # (a private helper)
path = ingot.flag("path", "model")
ckpt.write(path)
for v in model.trainable_variables:
    v.assign(tf.zeros_like(v))
tf.print("zeroed:", model(x))
ckpt.read(path)
tf.print("read back, same output:", tf.reduce_all(model(x) == before))
