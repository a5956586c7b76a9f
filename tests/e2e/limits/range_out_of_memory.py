# ingot-test: exit=1
# 2^45 int64s (256 TiB, more than a 47-bit user address space maps) is a static shape
# the build accepts; allocating it fails at run time, at the script's line.
import tensorflow as tf

tf.print("before")
r = tf.range(1 << 45)
tf.print(r[0])
