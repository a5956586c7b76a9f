# §4.4 Debugging: experimental_get_tracing_count says how often a function traced;
# more than expected means needless retracing.
import tensorflow as tf


@tf.function
def my_func(x):
    return x * 2


my_func(tf.constant(1.0))
my_func(tf.constant(2.0))
print(my_func.experimental_get_tracing_count())  # 1
