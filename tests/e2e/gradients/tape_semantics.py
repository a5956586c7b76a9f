# tf.GradientTape as TensorFlow documents it, each result an exactly known value:
# what is watched (tape.watch, trainable variables read under the tape,
# watch_accessed_variables=False), None for what is not watched or not connected,
# tf.stop_gradient, sources given as a list, tuple, dict or nested structure (the
# result has the same structure), output_gradients, unconnected_gradients, a
# persistent tape asked several times, nested tapes for a second derivative, a
# variable read twice, and targets that are not scalars or come as a list.
# `print` shows Python facts (None, structure) at build time; tf.print the values.
import tensorflow as tf

x = tf.constant(3.0)

# A constant is recorded only once watched: d(x*x)/dx at 3 is 6.
with tf.GradientTape() as tape:
    tape.watch(x)
    y = x * x
tf.print("d(x*x)/dx at 3:", tape.gradient(y, x))

with tf.GradientTape() as tape:
    y = x * x
print("unwatched constant gives None:", tape.gradient(y, x) is None)

# A trainable variable is watched when it is read under the tape.
v = tf.Variable(5.0)
with tf.GradientTape() as tape:
    y = 2.0 * v
tf.print("d(2v)/dv:", tape.gradient(y, v))

frozen = tf.Variable(5.0, trainable=False)
with tf.GradientTape() as tape:
    y = 2.0 * frozen
print("non-trainable variable gives None:", tape.gradient(y, frozen) is None)

with tf.GradientTape(watch_accessed_variables=False) as tape:
    y = 3.0 * v
print("watch_accessed_variables=False gives None:", tape.gradient(y, v) is None)

with tf.GradientTape(watch_accessed_variables=False) as tape:
    tape.watch(v)
    tape.watch(frozen)
    y = 3.0 * v + 4.0 * frozen
dv, dfrozen = tape.gradient(y, [v, frozen])
tf.print("explicitly watched variables:", dv, dfrozen)

# tf.stop_gradient: what is under it counts as a constant.
with tf.GradientTape() as tape:
    tape.watch(x)
    y = x * tf.stop_gradient(x)
tf.print("d(x * stop_gradient(x))/dx:", tape.gradient(y, x))

with tf.GradientTape() as tape:
    tape.watch(x)
    y = x * x + tf.stop_gradient(x * x)
tf.print("d(x*x + stop_gradient(x*x))/dx:", tape.gradient(y, x))

with tf.GradientTape() as tape:
    tape.watch(x)
    y = tf.stop_gradient(x * x)
tf.print("stop_gradient(x*x), zero when unconnected:",
         tape.gradient(y, x, unconnected_gradients=tf.UnconnectedGradients.ZERO))

# Structured sources: the gradients come back in the same structure.
a = tf.constant(2.0)
b = tf.constant(3.0)
with tf.GradientTape(persistent=True) as tape:
    tape.watch([a, b])
    y = a * b
g = tape.gradient(y, [a, b])
print("list:", isinstance(g, list), len(g))
tf.print("list:", g[0], g[1])
g = tape.gradient(y, (b, a))
print("tuple:", isinstance(g, tuple), len(g))
tf.print("tuple:", g[0], g[1])
g = tape.gradient(y, {"b": b, "a": a})
print("dict:", isinstance(g, dict), list(g.keys()))
tf.print("dict:", g["a"], g["b"])
g = tape.gradient(y, {"pair": [a, b], "single": b})
print("nested:", list(g.keys()), isinstance(g["pair"], list), len(g["pair"]))
tf.print("nested:", g["pair"][0], g["pair"][1], g["single"])
del tape

# A non-scalar target is summed; output_gradients weights its elements instead.
xs = tf.constant([1.0, 2.0])
with tf.GradientTape(persistent=True) as tape:
    tape.watch(xs)
    y = xs * xs
tf.print("d(sum xs*xs)/dxs:", tape.gradient(y, xs))
tf.print("with output_gradients [10, 0.5]:",
         tape.gradient(y, xs, output_gradients=tf.constant([10.0, 0.5])))
del tape

# A source the target does not depend on: None, or zeros of its shape.
m = tf.constant([[1.0, 2.0], [3.0, 4.0]])
with tf.GradientTape(persistent=True) as tape:
    tape.watch(m)
    tape.watch(x)
    y = x * 2.0
print("unconnected gives None:", tape.gradient(y, m) is None)
g = tape.gradient(y, m, unconnected_gradients=tf.UnconnectedGradients.ZERO)
print("UnconnectedGradients.ZERO:", g.shape, g.dtype)
tf.print("UnconnectedGradients.ZERO:", g)
g = tape.gradient(y, [x, m], unconnected_gradients="zero")
tf.print("unconnected_gradients='zero':", g[0], g[1])
del tape

# A persistent tape answers several times, for intermediate results too.
with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    y = x * x
    z = y * y
tf.print("persistent: dz/dx", tape.gradient(z, x), "dy/dx", tape.gradient(y, x),
         "dz/dy", tape.gradient(z, y))
del tape

# Nested tapes: the outer one records the inner one's gradient computation.
x2 = tf.constant(2.0)
with tf.GradientTape() as outer:
    outer.watch(x2)
    with tf.GradientTape() as inner:
        inner.watch(x2)
        y = x2 ** 3
    dy_dx = inner.gradient(y, x2)
d2y_dx2 = outer.gradient(dy_dx, x2)
tf.print("x**3 at 2: first derivative", dy_dx, "second derivative", d2y_dx2)

# Every read of a variable contributes: 2 + 5, and u*u gives 2u.
u = tf.Variable(3.0)
with tf.GradientTape() as tape:
    first = u * 2.0
    second = u * 5.0
    y = first + second
tf.print("variable read twice:", tape.gradient(y, u))
with tf.GradientTape() as tape:
    y = u * u
tf.print("d(u*u)/du at 3:", tape.gradient(y, u))

# A list of targets: the gradient of their sum, 2x + 4 at 3.
with tf.GradientTape() as tape:
    tape.watch(x)
    y1 = x * x
    y2 = x * 4.0
tf.print("targets [x*x, 4x]:", tape.gradient([y1, y2], x))

# reduce_max's gradient is shared evenly among tied maxima, as TensorFlow's.
m = tf.constant([1.0, 3.0, 3.0])
with tf.GradientTape() as tape:
    tape.watch(m)
    top = tf.reduce_max(m)
tf.print("d max([1, 3, 3]):", tape.gradient(top, m))

# Second derivative through relu's one-op backward: d2/dx2 of relu(x) * x at 3 is 2.
r = tf.constant(3.0)
with tf.GradientTape() as outer:
    outer.watch(r)
    with tf.GradientTape() as inner:
        inner.watch(r)
        q = tf.nn.relu(r) * r
    dq = inner.gradient(q, r)
tf.print("relu(x)*x at 3: first derivative", dq, "second derivative", outer.gradient(dq, r))
