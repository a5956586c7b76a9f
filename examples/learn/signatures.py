# §5.1 input_signature controls tracing exactly: None where a dimension varies (the
# batch), fixed sizes elsewhere. A call that does not match the signature is an error.
import tensorflow as tf

w = tf.Variable(tf.ones([128, 5]) * 0.5)


@tf.function(input_signature=[
    tf.TensorSpec(shape=[None, 128], dtype=tf.float32),
    tf.TensorSpec(shape=[None], dtype=tf.int32)
])
def forward(inputs, labels):
    logits = tf.matmul(inputs, w)
    loss = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits)
    return tf.reduce_mean(loss)


# Equal logits: the loss is log(5) whatever the batch (three decimals: the same anywhere).
tf.print(tf.round(forward(tf.ones([4, 128]), tf.constant([0, 1, 2, 3])) * 1000) / 1000)
tf.print(tf.round(forward(tf.ones([2, 128]), tf.constant([4, 0])) * 1000) / 1000)
print("traces:", forward.experimental_get_tracing_count())
