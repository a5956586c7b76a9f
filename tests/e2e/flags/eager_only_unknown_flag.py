# ingot-test: args='--steps=2 --step=4' exit=2
# A script that only works eagerly (int() of a tensor needs its value) cannot be
# traced, so eager mode learns its flags as it declares them: an unknown flag is
# still an error with exit code 2, but only after the run. Compiled, it does not build.
import tensorflow as tf
import ingot

steps = ingot.flag("steps", 3, "how many")
for i in range(int(steps)):
    tf.print("step", i)
