# Python raise inside a tensor if or loop: AutoGraph traces both branches, so tracing
# raises (as TensorFlow does) and the script can catch it; eagerly only the branch
# taken runs, so g does not raise there. The graph being built is left as it was.
import tensorflow as tf


@tf.function
def f(x):
    if x > 0:
        raise ValueError("raised in a traced branch")
    return x


@tf.function
def g(x):
    total = tf.constant(0)
    for i in tf.range(x):
        if i > 100:
            raise RuntimeError("in a loop body")
        total += i
    return total


for fn in (f, g):
    try:
        fn(tf.constant(3))
    except (ValueError, RuntimeError) as e:
        print("caught:", type(e).__name__, e)


@tf.function
def h(x):
    y = x * 2
    if y > 4:
        y = y - 1
    return y


tf.print(h(tf.constant(3)), h(tf.constant(1)))
