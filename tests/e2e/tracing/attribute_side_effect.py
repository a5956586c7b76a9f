# ingot-test: build-exit=0
# A module's attributes outlive every trace: setting one inside a tf.function
# happens once, while tracing, so it is a warning at the statement (eagerly, the
# function's Python runs on every call: steps is 3). Storing a tf.Variable made on
# the first trace is TensorFlow's accepted pattern and is not warned about.
import tensorflow as tf
import _settings


@tf.function
def step(x):
    _settings.steps += 1
    _settings.mode = "traced"
    if _settings.total is None:
        _settings.total = tf.Variable(0)
    _settings.total.assign_add(x)
    return x * 2


tf.print(step(tf.constant(1)), step(tf.constant(2)), step(tf.constant(3)))
print("steps:", _settings.steps, "mode:", _settings.mode)
tf.print("total:", _settings.total)
