# Two kinds of build warning: an integer tensor watched for a gradient
# (-Wnon-float-gradient) and a Python loop unrolled past 1000 iterations
# (-Wlarge-unrolled-loop).
import tensorflow as tf

n = tf.constant(3)
with tf.GradientTape() as tape:
    tape.watch(n)


@tf.function
def f(x):
    for i in range(1001):
        x = x + 1
    return x


f(tf.constant(5))
print("built")
