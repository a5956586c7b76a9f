# ingot-test: args='--threads=1 --n 3'
# Every program takes --threads=N (the most threads a kernel may use) besides its own
# flags, before or after them; the result does not depend on it.
import tensorflow as tf
import ingot

n = ingot.flag("n", 2, "rows")
tf.print(tf.reduce_sum(tf.ones(tf.stack([n, 4]))))
