# §6.1 Random numbers in a tf.function: a tf.random.Generator's state is a variable the
# graph updates, so every call draws new numbers, reproducibly from the seed.
import tensorflow as tf

generator = tf.random.Generator.from_seed(42)


@tf.function
def random_op(x):
    noise = generator.normal(shape=x.shape)
    return x + noise


x = tf.zeros([3])
first = random_op(x)
second = random_op(x)
tf.print("two calls differ:", tf.reduce_any(first != second))
tf.print("first draw:", tf.round(first * 1000) / 1000)
