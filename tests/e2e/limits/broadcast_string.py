# ingot-test: eager-exit=1
# A string tensor of rank > 0 is not supported yet: broadcast_to's shape rule says so, located.
import tensorflow as tf

tf.print(tf.broadcast_to(tf.constant("a"), [2, 3]))
