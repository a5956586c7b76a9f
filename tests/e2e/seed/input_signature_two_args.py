# The seed's §5.1 snippet unchanged: two TensorSpecs (batch dims None); the body is
# `pass`, so the function returns None; one trace serves every batch size.
import tensorflow as tf

@tf.function(input_signature=[ tf.TensorSpec(shape=[None, 128], dtype=tf.float32), tf.TensorSpec(shape=[None], dtype=tf.int32) ]) 
def forward(inputs, labels): # 模型逻辑 
    pass

print(forward(tf.zeros([4, 128]), tf.zeros([4], tf.int32)))
print(forward(tf.zeros([9, 128]), tf.zeros([9], tf.int32)))
print(forward.experimental_get_tracing_count())
print(forward.input_signature)
