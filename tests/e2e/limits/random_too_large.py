# ingot-test: eager-exit=1
# Random draws are sized by the same rule: an error before anything is drawn (a
# ValueError building the graph, eagerly an InvalidArgumentError).
import tensorflow as tf

tf.random.set_seed(1)
try:
    tf.random.uniform([1 << 31, 1 << 31])
except (ValueError, tf.errors.InvalidArgumentError) as e:
    print("uniform:", e)
tf.print(tf.random.normal([1 << 40, 1 << 20]))
