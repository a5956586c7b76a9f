# ingot-test: eager-exit=1
# A string tensor of rank > 0 is refused at build time: broadcast_to's shape rule names the dtype.
import tensorflow as tf

tf.print(tf.broadcast_to(tf.constant("a"), [2, 3]))
