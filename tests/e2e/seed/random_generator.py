import tensorflow as tf

generator = tf.random.Generator.from_seed(42)
@tf.function
def random_op(x):
    noise = generator.normal(shape=x.shape)
    return x + noise

x = tf.zeros([3])
a = random_op(x)
b = random_op(x)
tf.print(a)
tf.print(b)
tf.print("entries that differ between calls:", tf.reduce_sum(tf.cast(a != b, tf.int32)), "of 3")
print("traces:", random_op.experimental_get_tracing_count())
