# Modules beside the script import like Python's; the bundled tensorflow too.
import _geometry
import _geometry as geo
from _geometry import UNIT, scale_all as scale
from tensorflow import nn
import tensorflow.math

print(_geometry is geo, UNIT, scale([1, 2]), geo.scale_all([2], factor=10))
print(hasattr(geo, "UNIT"), hasattr(geo, "missing"), getattr(geo, "missing", "default"))
print(getattr(geo, "UNIT"), hasattr([], "append"), hasattr("s", "nope"))
tf = tensorflow
tf.print(geo.norm_squared(tf.constant([3.0, 4.0])), nn.relu(tf.constant([-1, 1])))
tf.print(tensorflow.math.add(1, 2))
