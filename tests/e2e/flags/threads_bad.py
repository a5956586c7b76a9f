# ingot-test: args='--threads=0' exit=2
# A thread count must be 1 to 4096: a usage error naming the flag, before anything runs.
import tensorflow as tf

tf.print("not run")
