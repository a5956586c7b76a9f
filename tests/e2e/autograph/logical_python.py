# and/or/not on Python values keep Python semantics: the right side is skipped when not needed.
import tensorflow as tf


def side(tag, v):
    print("evaluated", tag)
    return v


@tf.function
def f(x):
    a = side("a1", 0) and side("a2", 5)
    b = side("b1", 3) and side("b2", 7)
    c = side("c1", 0) or side("c2", "fallback")
    d = side("d1", "first") or side("d2", "second")
    e = not side("e1", [])
    print("results:", a, b, c, d, e)
    return x + a + b


tf.print(f(tf.constant(1)))
