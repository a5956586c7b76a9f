# Tensor if/while/for at the script's top level, outside any tf.function, become graph nodes too.
import tensorflow as tf

x = tf.constant(7)
if x > 5:
    y = x * 2
else:
    y = x - 2
tf.print(y)

n = tf.constant(0)
while x != 1:
    if x % 2 == 0:
        x = x // 2
    else:
        x = 3 * x + 1
    n += 1
tf.print(n)

s = tf.constant(0.0)
for i in tf.range(4):
    s += tf.cast(i, tf.float32) * 0.5
tf.print(s)
