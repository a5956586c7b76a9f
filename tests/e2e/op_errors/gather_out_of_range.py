# ingot-test: args='--index=7' exit=1
# A gather index known only at run time: out of range stops the program at its line.
import tensorflow as tf
import ingot

params = tf.constant([10.0, 20.0, 30.0])
index = ingot.flag("index", 1, "which element")
tf.print("before")
tf.print(tf.gather(params, tf.stack([0, index])))
tf.print("not reached")
