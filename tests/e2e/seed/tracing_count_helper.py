# The seed's §4.4 snippet unchanged: two float32 scalars share one trace.
import tensorflow as tf

@tf.function 
def my_func(x): return x * 2 
my_func(tf.constant(1.0)) 
my_func(tf.constant(2.0)) 
print(my_func.experimental_get_tracing_count()) # 输出 1
