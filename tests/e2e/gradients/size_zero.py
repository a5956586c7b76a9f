# Gradients through ops on tensors with a size-0 dimension: each gradient has its
# input's shape (here [0, 3]), reductions over nothing give zeros, and nothing
# reads past an empty buffer (the ASan run checks that).
import tensorflow as tf

a = tf.zeros([0, 3])
v = tf.constant([1.0, 2.0, 3.0])
w = tf.ones([3, 2])
with tf.GradientTape(persistent=True) as tape:
    tape.watch(a)
    tape.watch(v)
    tape.watch(w)
    s = tf.reduce_sum(tf.matmul(a + v, w)) + tf.reduce_sum(tf.exp(a) * v)
    m = tf.reduce_max(a, axis=0)
    t = tf.reduce_sum(tf.nn.softmax(a)) + tf.reduce_sum(tf.transpose(a)) + tf.reduce_sum(tf.reshape(a, [3, 0]))
ga, gv, gw = tape.gradient(s, [a, v, w])
print(ga.shape, gv.shape, gw.shape)
tf.print(ga, gv, gw)
tf.print(tape.gradient(t, a), tf.shape(tape.gradient(t, a)))
tf.print(tape.gradient(m, a))
