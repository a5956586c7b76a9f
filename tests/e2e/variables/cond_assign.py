# Assigns inside both branches of a tensor if, and reads after it.
import tensorflow as tf

balance = tf.Variable(100.0)

@tf.function
def apply(amount):
    if amount > 0:
        balance.assign_add(amount)
    else:
        balance.assign_sub(-amount * 2)
    return balance + 0

tf.print(apply(tf.constant(10.0)))
tf.print(apply(tf.constant(-5.0)))
balance.assign(1.5)
tf.print(balance)
tf.print(apply(tf.constant(2.0)))
