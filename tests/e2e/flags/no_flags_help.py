# ingot-test: args='--help'
# A program without flags still accepts --help.
import tensorflow as tf

tf.print("this must not run")
