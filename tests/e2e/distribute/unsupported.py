# ingot-test: build-exit=1 eager-exit=1
# Strategies Ingot does not have are located errors, not typos.
import tensorflow as tf

strategy = tf.distribute.TPUStrategy()
