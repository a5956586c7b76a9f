import tensorflow as tf
import ingot

sizes = ingot.flag("sizes", [32, 64], "layer sizes")
tf.print(sizes)
