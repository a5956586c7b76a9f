# A variable's initial value is data the build knows; written into the C element by
# element, tf.zeros([5000, 5000]) made a 175 MB C file. Above 64 MiB such a constant
# is written as runs of equal elements, rebuilt when the program starts.
import tensorflow as tf

ones = tf.Variable(tf.ones([4096, 4097]))          # 64 MiB and 16 KiB of float32
count = tf.Variable(tf.ones([2048, 4097], tf.int64))  # over 64 MiB of int64
small = tf.Variable(tf.zeros([2, 3]))              # small: written out as before
ones.assign_add(tf.ones([4096, 4097]))
tf.print(ones[0, 0], ones[4095, 4096], tf.shape(ones))
count.assign_add(tf.ones([2048, 4097], tf.int64))
tf.print(tf.reduce_sum(count), count[2047, 4096])
tf.print(small)
