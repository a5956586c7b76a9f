# ingot-test: args='--lr' exit=2
import tensorflow as tf
import ingot

lr = ingot.flag("lr", 0.1, "learning rate")
tf.print("this must not run", lr)
