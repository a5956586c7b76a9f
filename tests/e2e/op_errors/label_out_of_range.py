# ingot-test: args='--label=5' exit=1
# sparse_softmax_cross_entropy_with_logits with a label outside [0, classes).
import tensorflow as tf
import ingot

logits = tf.constant([[1.0, 2.0, 3.0], [1.0, 1.0, 1.0]])
label = ingot.flag("label", 2, "the second example's label")
labels = tf.stack([0, label])
tf.print(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits))
