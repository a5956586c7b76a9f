import tensorflow as tf

counter = tf.Variable(0, dtype=tf.int32)
@tf.function
def increment(x):
    counter.assign_add(1)
    return x + counter

tf.print(increment(tf.constant(1)))
tf.print(increment(tf.constant(1)))
tf.print(increment(tf.constant(1)))
