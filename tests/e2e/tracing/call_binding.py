# ingot-test: build-args=--trace-report
# TensorFlow binds a call to the function's parameters, defaults applied, before it
# looks for a trace: f(x), f(x, 2), f(x, n=2), f(n=2, x=x) and f(x, scale=1.0) are all
# f(x, n=2, scale=1.0), one trace. A different value for a parameter, however passed,
# is a retrace named by the parameter; **kwargs' extras are keyed by name, *rest's
# extras named rest_0, rest_1 as TensorFlow names them.
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

# A concrete function binds its calls the same way, and a Python value its trace
# pinned may be left out (the guide's square = pow.get_concrete_function(..., b=2)).
@tf.function
def power(a, b):
    return a**b


square = power.get_concrete_function(a=tf.TensorSpec([], tf.float32), b=2)
tf.print(square(tf.constant(3.0)), square(a=tf.constant(4.0)), square(tf.constant(5.0), b=2))
try:
    square(tf.constant(3.0), b=3)
except TypeError as e:
    print("TypeError:", e)
scaled = f.get_concrete_function(tf.TensorSpec([2], tf.float32))
tf.print(scaled(tf.constant([1.0, 2.0])), scaled(x=tf.constant([3.0, 4.0]), n=2))

# A call that does not bind raises Python's TypeError before anything is traced.
for bad in [lambda: f(x, 1, 2), lambda: f(x, k=1), lambda: f(x, x=x)]:
    try:
        bad()
    except TypeError as e:
        print("TypeError:", e)
print("f traced", f.experimental_get_tracing_count(), "times")


# A dict is keyed and flattened in the order of its sorted keys, as tf.nest takes it:
# one trace serves {"a": .., "b": ..} and {"b": .., "a": ..}, each value in its place;
# keys that are not numbers or strings (tuples) keep one order too.
@tf.function
def diff(d):
    return d["a"] - d["b"]


@tf.function
def diff_odd_keys(d):
    return d[(0, 1)] - d[(1, 0)]


one, two = tf.constant(1.0), tf.constant(2.0)
tf.print(diff({"a": one, "b": two}), diff({"b": two, "a": one}))
tf.print(diff_odd_keys({(0, 1): one, (1, 0): two}), diff_odd_keys({(1, 0): two, (0, 1): one}))
print("traced", diff.experimental_get_tracing_count(), "and",
      diff_odd_keys.experimental_get_tracing_count(), "times")
