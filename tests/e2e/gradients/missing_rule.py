# ingot-test: eager-exit=1
# An op TensorFlow differentiates but Ingot has no gradient rule for yet: the
# gradient that reaches it is a located "not supported yet" error (never a silent
# None or zero), at the tape.gradient call, naming the op and where it was made.
import tensorflow as tf

table = tf.Variable([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
with tf.GradientTape() as tape:
    loss = tf.reduce_prod(table)
print(tape.gradient(loss, table))
