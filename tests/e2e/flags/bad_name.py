import tensorflow as tf
import ingot

rate = ingot.flag("learning rate", 0.1)
tf.print(rate)
