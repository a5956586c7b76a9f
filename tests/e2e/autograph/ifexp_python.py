# A conditional expression on a Python value picks one side at build time; on a tensor it is a cond.
import tensorflow as tf


def loud(tag, v):
    print("evaluating", tag)
    return v


@tf.function
def pick(x, flag):
    a = loud("python-true side", x * 2) if flag else loud("python-false side", x * 3)
    b = loud("tensor-true side", x + 100) if x > 5 else loud("tensor-false side", x - 100)
    return a, b


a, b = pick(tf.constant(10), True)
tf.print(a, b)
a, b = pick(tf.constant(1), False)
tf.print(a, b)
