# ingot-test: build-exit=0
# print() of a symbolic tensor shows its graph name as TensorFlow gives it: ops are
# named after their type and numbered per graph (mul, mul_1); a Python operand
# becomes a constant inside its op's scope (mul/y), so it takes no Const number;
# tf.zeros, tf.ones and tf.range name their ops themselves.
import tensorflow as tf


@tf.function
def f(x):
    a = x * 2.0
    b = 3.0 * x
    c = tf.constant(1.0)
    d = a + b
    e = tf.zeros([2])
    o = tf.ones([2])
    r = tf.range(5)
    print(x, a, b, c, d, e, o, r, sep="\n")
    return d + c


tf.print(f(tf.constant(1.0)))
