# ingot-test: build-args=--trace-report
# TensorFlow binds a call to the function's parameters, defaults applied, before it
# looks for a trace: f(x), f(x, 2), f(x, n=2), f(n=2, x=x) and f(x, scale=1.0) are all
# f(x, n=2, scale=1.0), one trace. A different value for a parameter, however passed,
# is a retrace named by the parameter; **kwargs' extras are keyed by name.
import tensorflow as tf


@tf.function
def f(x, n=2, *, scale=1.0):
    return x * n * scale


@tf.function
def g(x, *rest, **options):
    return x + len(rest) + len(options)


x = tf.constant(1.0)
tf.print(f(x), f(x, 2), f(x, n=2), f(n=2, x=x), f(x, scale=1.0))
tf.print(f(x, 3), f(x, n=3), f(x, scale=0.5))
print("f traced", f.experimental_get_tracing_count(), "times")
tf.print(g(x), g(x, 1, 2), g(x, a=1, b=2), g(x, b=2, a=1))
print("g traced", g.experimental_get_tracing_count(), "times")
print(f.pretty_printed_concrete_signatures())
