# ingot-test: args='--epochs=4'
# A flag bounds a tensor while loop: the loop count is chosen when the program runs,
# and a tf.function receives a flag as a tensor argument.
import tensorflow as tf
import ingot

epochs = ingot.flag("epochs", 2, "number of passes")
lr = ingot.flag("lr", 0.5)

i = 0
loss = tf.constant(8.0)
while i < epochs:
    loss = loss * lr
    i += 1
tf.print("passes:", i, "loss:", loss)


@tf.function
def countdown(n):
    while n > 0:
        tf.print("n =", n)
        n -= 1
    return n


tf.print("done at", countdown(epochs))
