# ingot-test: float-tolerance=1e-5
# The seed's §2.2 snippet unchanged (w and b defined before it): a None batch
# dimension in input_signature gives one trace for every batch size; w and b are
# captured from the top level as implicit inputs of the concrete function.
import tensorflow as tf

w = tf.ones([784, 10]) * 0.01
b = tf.zeros([10]) + 0.5

@tf.function(input_signature=[ tf.TensorSpec(shape=[None, 784], dtype=tf.float32) ]) 
def forward(x): return tf.matmul(x, w) + b

tf.print(forward(tf.ones([2, 784])))
tf.print(forward(tf.ones([3, 784]) * 2.0))
print(forward.experimental_get_tracing_count())
