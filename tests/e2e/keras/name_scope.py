# tf.name_scope and tf.Module's name scopes: the prefix of variable names ("block/w:0")
# and, inside a tf.function, of op names, each scope made unique in its graph
# ("layer", then "layer_1"); a module's scope is where it was made ("outer/scaler/"),
# entered again by `with self.name_scope` and @tf.Module.with_name_scope. Tensor names
# exist only in a graph, and only there are scope names checked: --eager prints less.
import tensorflow as tf

with tf.name_scope("block") as scope:
    print("scope:", repr(scope))
    v = tf.Variable(1.0, name="w")
    u = tf.Variable(2.0)
print(v.name, u.name)


class Scaler(tf.Module):
    def __init__(self, name=None):
        super().__init__(name=name)
        with self.name_scope:
            self.scale = tf.Variable(3.0, name="scale")

    @tf.Module.with_name_scope
    def __call__(self, x):
        return x * self.scale


outer = tf.Module(name="outer")
with outer.name_scope:
    scaler = Scaler()
print(scaler.name, scaler.scale.name, [m.name for m in outer.submodules])


def show(t):
    if not tf.executing_eagerly():
        print(t.name)


@tf.function
def f(x):
    with tf.name_scope("layer"):
        y = x + 1.0
        show(y)
    with tf.name_scope("layer"):
        z = y * 2.0
        show(z)
    with tf.name_scope("a"):
        with tf.name_scope("b") as inner:
            show(tf.identity(z))
    w = scaler(z)
    show(w)
    return w


tf.print(f(tf.constant(1.0)))


@tf.function
def scoped(name):
    """In a graph a scope name must match TensorFlow's pattern (a nested one may start
    with '_'); eagerly, as outside a tf.function, any str goes."""
    try:
        with tf.name_scope(name):
            with tf.name_scope("_inner") as inner:
                print(inner)
    except ValueError as e:
        print(e)


for name in ("bad name", "-dash", "ok.1"):
    scoped(name)
try:
    tf.Module(name="not valid")
except ValueError as e:
    print(e)
try:
    tf.name_scope(3)
except ValueError as e:
    print(e)
print("a Keras layer takes any name:", tf.keras.layers.Dense(2, name="conv-1").name)
