# ingot-test: build-exit=0
# tf.function on a method: self is an argument of the trace like any other Python
# object (by identity), so each instance traces once. Python state set on self
# inside the trace changes once, while tracing: a warning at the statement; eagerly
# the method's Python runs on every call (calls is 2).
import tensorflow as tf


class Scaler:
    def __init__(self, factor):
        self.factor = factor
        self.calls = 0

    @tf.function
    def __call__(self, x):
        self.calls += 1
        return x * self.factor


double = Scaler(2.0)
tf.print(double(tf.constant(3.0)))
tf.print(double(tf.constant(5.0)))
print("calls:", double.calls)
triple = Scaler(3.0)
tf.print(triple(tf.constant(3.0)))
print("traces:", double.__call__.experimental_get_tracing_count())


class Affine:
    def __init__(self, w, b):
        self.w = w
        self.b = b

    # The signature is of the arguments after self.
    @tf.function(input_signature=[tf.TensorSpec(shape=[None], dtype=tf.float32)])
    def apply(self, x):
        return x * self.w + self.b


layer = Affine(2.0, 1.0)
tf.print(layer.apply(tf.constant([1.0, 2.0])))
tf.print(layer.apply(tf.constant([1.0, 2.0, 3.0])))
print("affine traces:", layer.apply.experimental_get_tracing_count())
