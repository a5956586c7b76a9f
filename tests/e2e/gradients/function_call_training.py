# The seed's §3.3 shape: a layer whose call is a tf.function, used inside a
# tf.function training step with a GradientTape. The variables are read inside the
# called function, so the gradient goes back through the call (its backward is a
# function of its own) to them; the same model with a plain-Python call, traced
# inline, is the reference. A function called twice per step counts its reads once
# per call.
import tensorflow as tf


class Dense:
    def __init__(self, n_in, n_out, compiled):
        self.w = tf.Variable(tf.random.normal([n_in, n_out]) * 0.5)
        self.b = tf.Variable(tf.zeros([n_out]))
        self.compiled = compiled

    def forward(self, x):
        return tf.nn.relu(tf.matmul(x, self.w) + self.b)

    @tf.function
    def call(self, x):
        return self.forward(x)

    def __call__(self, x):
        return self.call(x) if self.compiled else self.forward(x)


x = tf.constant([[0.5, -1.0, 2.0], [1.5, 0.25, -0.5], [0.1, 0.2, 0.3], [-1.0, 1.0, 0.0]])
y = tf.constant([[1.0], [0.0], [0.5], [2.0]])


def train(compiled):
    tf.random.set_seed(0)  # both models start from the same weights
    first = Dense(3, 4, compiled)
    second = Dense(4, 1, compiled)
    variables = [first.w, first.b, second.w, second.b]
    opt = tf.keras.optimizers.SGD(0.05)

    @tf.function
    def step():
        with tf.GradientTape() as tape:
            h = first(x)
            loss = tf.reduce_mean(tf.square(second(h) - y)) + 0.01 * tf.reduce_sum(first(x))
        opt.apply_gradients(zip(tape.gradient(loss, variables), variables))
        return loss

    losses = []
    for _ in range(5):
        losses.append(step())
    return tf.stack(losses), variables


losses, got = train(True)
ref_losses, want = train(False)
tf.print("losses", tf.round(losses * 1e4) / 1e4)
tf.print("same losses as the inline model:", tf.reduce_max(tf.abs(losses - ref_losses)) < 1e-6)
for g, w in zip(got, want):
    tf.print("same weights:", tf.reduce_max(tf.abs(g - w)) < 1e-6)
