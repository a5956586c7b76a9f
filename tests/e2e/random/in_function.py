# A draw inside a tf.function: the generator's state is program state, so each call
# of the compiled function draws new numbers (one trace, two calls).
import tensorflow as tf

g = tf.random.Generator.from_seed(7)


@tf.function
def noisy(x):
    return x + g.normal([3], stddev=0.1)


x = tf.ones([3])
first = noisy(x)
second = noisy(x)
tf.print(first)
tf.print(second)
tf.print("equal entries:", tf.reduce_sum(tf.cast(first == second, tf.int32)))
print("traces:", noisy.experimental_get_tracing_count())
