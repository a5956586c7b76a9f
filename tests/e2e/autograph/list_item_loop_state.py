# List items updated inside a tf.range loop are loop variables (composite names
# acc[0], acc[1]); at the module's top level a dict entry is too.
import tensorflow as tf


@tf.function
def running(n):
    acc = [tf.constant(0), tf.constant(1)]
    for i in tf.range(1, n + 1):
        acc[0] += i
        acc[1] = acc[1] * 2
    return acc[0], acc[1]


a, b = running(tf.constant(10))
tf.print(a, b)
a, b = running(tf.constant(0))
tf.print(a, b)

hist = {"n": tf.constant(0)}
for k in tf.range(5):
    hist["n"] += k * k
tf.print(hist["n"])
