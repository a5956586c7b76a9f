# ingot-test: args='--index=5' exit=1 eager-exit=0
# A value checked only when an op runs: the compiled program stops at its line; run
# eagerly, it is TensorFlow's InvalidArgumentError, which the script can catch.
import tensorflow as tf
import ingot

index = ingot.flag("index", 1, "which element")
params = tf.constant([10.0, 20.0, 30.0])
try:
    tf.print(tf.gather(params, index))
except tf.errors.InvalidArgumentError as e:
    print("caught:", e)
tf.print("done")
