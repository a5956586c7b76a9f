import tensorflow as tf

balance = tf.Variable(100.0)

@tf.function
def deposit(amount):
    balance.assign_add(amount)

deposit(tf.constant(2))
