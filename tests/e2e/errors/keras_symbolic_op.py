# ingot-test: exit=1
# A tf op on a Keras symbolic tensor is refused where it is written, naming the way
# that works (a layer between tf.keras.Input and the outputs).
import tensorflow as tf

inputs = tf.keras.Input(shape=(2,))
doubled = inputs * 2.0
