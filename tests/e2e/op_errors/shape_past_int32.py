# ingot-test: exit=1
# tf.shape's default result is int32: a static dim past int32 is an error at build
# time (eagerly as the op runs), not a wrapped number; out_type=tf.int64 holds it.
import tensorflow as tf

z = tf.zeros([1 << 40, 0])
tf.print(tf.shape(z, out_type=tf.int64))
tf.print(tf.shape(z))
