# ingot-test: eager-exit=1
# A string tensor of rank > 0 from any op is a located "not supported yet".
import tensorflow as tf

tf.print(tf.broadcast_to(tf.constant("a"), [2, 3]))
