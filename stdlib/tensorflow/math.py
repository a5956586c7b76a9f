"""tf.math: elementwise arithmetic and reductions."""
import _ingot


def add(x, y, name=None):
    return _ingot.binary("add", x, y)


def subtract(x, y, name=None):
    return _ingot.binary("subtract", x, y)


def multiply(x, y, name=None):
    return _ingot.binary("multiply", x, y)


def divide(x, y, name=None):
    return _ingot.binary("divide", x, y)


def matmul(a, b, transpose_a=False, transpose_b=False, name=None):
    return _ingot.binary("matmul", a, b)


def reduce_sum(input_tensor, axis=None, keepdims=False, name=None):
    return _ingot.reduce_sum(input_tensor, axis, keepdims)


def logical_and(x, y, name=None):
    return _ingot.logical("and", x, y)


def logical_or(x, y, name=None):
    return _ingot.logical("or", x, y)


def logical_not(x, name=None):
    return _ingot.logical("not", x)
