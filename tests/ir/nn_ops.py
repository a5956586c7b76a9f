# The nn ops traced into tests/ir/nn_ops.ir (no e2e script covers them with small
# constants): ingot build --emit=graph tests/ir/nn_ops.py
import tensorflow as tf

@tf.function
def forward(x, w):
    y = tf.nn.conv2d(x, w, strides=1, padding="SAME")
    y = tf.nn.relu(y)
    p = tf.nn.max_pool2d(y, ksize=2, strides=2, padding="VALID")
    q = tf.nn.avg_pool2d(y, ksize=2, strides=2, padding="VALID")
    z = tf.reshape(p + q, [1, 4])
    mean = tf.constant([0.5, 0.5, 0.5, 0.5])
    var = tf.constant([1.0, 1.0, 1.0, 1.0])
    z = tf.nn.batch_normalization(z, mean, var, None, None, 1e-3)
    logits = tf.nn.sigmoid(z) * 2.0 - 1.0
    loss = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=tf.constant([2]), logits=logits)
    return tf.nn.softmax(logits), tf.nn.log_softmax(logits, axis=-1), loss

x = tf.reshape(tf.range(16.0), [1, 4, 4, 1])
w = tf.ones([2, 2, 1, 1])
s, ls, loss = forward(x, w)
print(s, ls, loss)
