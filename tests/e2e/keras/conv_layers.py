# Conv2D, pooling, global pooling, BatchNormalization and Embedding: shapes, Keras's
# names, BatchNormalization's two modes (batch statistics and a moving-average update
# when training; the moving averages otherwise) and a small CNN's gradient reaching
# every trainable weight.
import tensorflow as tf

tf.random.set_seed(0)
model = tf.keras.Sequential([
    tf.keras.layers.Conv2D(4, 3, padding="same", activation="relu"),
    tf.keras.layers.BatchNormalization(),
    tf.keras.layers.MaxPooling2D(),
    tf.keras.layers.AveragePooling2D(pool_size=2, strides=1),
    tf.keras.layers.GlobalAveragePooling2D(),
    tf.keras.layers.Dense(3),
])
x = tf.random.normal([2, 8, 8, 1])
with tf.GradientTape() as tape:
    y = model(x, training=True)
    loss = tf.reduce_sum(tf.square(y))
print("output:", y.shape)
for v in model.variables:
    print(" ", v.name, tuple(v.shape), "trainable" if v.trainable else "")
grads = tape.gradient(loss, model.trainable_variables)
tf.print("every trainable weight has a gradient:",
         len([g for g in grads if g is not None]) == len(model.trainable_variables))

bn = tf.keras.layers.BatchNormalization(momentum=0.9)
batch = tf.constant([[1.0, 10.0], [3.0, 30.0]])
normalized = bn(batch, training=True)
tf.print("training, normalized by the batch:", tf.round(normalized * 100.0) / 100.0)
tf.print("moving mean = 0.1 * batch mean:", tf.round(bn.moving_mean * 1000.0) / 1000.0)
tf.print("moving variance = 0.9 + 0.1 * batch variance:",
         tf.round(bn.moving_variance * 1000.0) / 1000.0)
tf.print("inference, by the moving averages:", tf.round(bn(batch) * 100.0) / 100.0)

embedding = tf.keras.layers.Embedding(10, 4, embeddings_initializer="ones")
tf.print("embedding:", tf.shape(embedding(tf.constant([[1, 2, 3], [4, 5, 6]]))),
         tf.reduce_sum(embedding(tf.constant([9]))))
