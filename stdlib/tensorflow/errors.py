"""tf.errors: the exception classes of TensorFlow that the interpreter raises.

InvalidArgumentError (an op given bad arguments as it runs) derives from OpError,
as in TensorFlow; the classes print under their short names.
"""
import _ingot

OpError = _ingot.OpError
InvalidArgumentError = _ingot.InvalidArgumentError
