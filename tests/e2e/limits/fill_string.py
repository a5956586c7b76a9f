# ingot-test: eager-exit=1
# Ingot's string tensors are scalars: tf.fill of a string is not supported yet (it
# aborted in the runtime). A string broadcast to a shape says the same at its op.
import tensorflow as tf

tf.print(tf.fill([2, 3], "a"))
