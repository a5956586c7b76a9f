import tensorflow as tf

w = tf.Variable(tf.zeros([2, 2]))

@tf.function
def bump(x):
    w.assign_add(x)

bump(tf.ones([2, 3]))
