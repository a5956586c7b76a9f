# --emit=dot (the .dot golden): values carry the script's names (y, z, a, b, c, d), each
# node its script line, each trace its Python call with Python arguments by value (n=1,
# n=2; a method's without self, a keyword's by name) and why it was traced; @main's calls
# and prints chained in the order they run.
import tensorflow as tf


@tf.function
def scale(x, n):
    y = x * 2.0
    z = y + float(n)
    return z


class Scaler(tf.Module):
    @tf.function
    def __call__(self, x, factor=1.0):
        return x * factor


a = scale(tf.constant(1.0), 1)
b = scale(tf.constant(2.0), 2)
c = scale(tf.constant(3.0), 1)
tf.print(a, b, c)
d = Scaler()(a, factor=3.0)
tf.print(d)
