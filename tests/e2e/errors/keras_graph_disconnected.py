# ingot-test: exit=1
# A functional model whose outputs need an input it was not given: Keras's "Graph
# disconnected", at the Model call.
import tensorflow as tf

a = tf.keras.Input(shape=(2,))
b = tf.keras.Input(shape=(2,))
total = tf.keras.layers.Add()([a, b])
model = tf.keras.Model(a, total)
