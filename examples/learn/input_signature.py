# §2.2 When does it retrace: each new shape of x would trace forward again (a last,
# smaller batch included). An input_signature with None for the batch dimension makes
# one trace serve every batch size.
import tensorflow as tf

w = tf.Variable(tf.ones([784, 10]) * 0.5)  # exact in binary: sums print the same anywhere
b = tf.Variable(tf.zeros([10]))


@tf.function(input_signature=[tf.TensorSpec(shape=[None, 784], dtype=tf.float32)])
def forward(x):
    return tf.matmul(x, w) + b


for batch in [32, 32, 16]:  # the last batch is smaller
    y = forward(tf.ones([batch, 784]))
    tf.print("batch", batch, "->", tf.shape(y), y[0, 0])
print("traces:", forward.experimental_get_tracing_count())
