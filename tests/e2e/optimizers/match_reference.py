# ingot-test: float-tolerance=1e-6
# The Keras optimizers against an independent reference: a linear model
# y = x @ w + b (float64) trained for 10 steps on the mean squared error with
# SGD (plain, momentum, Nesterov momentum), Adam (plain, amsgrad), RMSprop (plain,
# momentum, centered) and
# Adagrad, each on its own fresh variables and optimizer, each step a tf.function
# (GradientTape, tape.gradient, apply_gradients). It prints, per optimizer, a label
# (no digits), the loss before each step, and the final w and b.
# _reference.py computes the same numbers in plain Python with hand-derived
# gradients and Keras's update rules written out (its output is _reference.txt);
# `python3 _compare.py OUTPUT` checks a run of this program (or the golden)
# against it, number by number, to a relative 1e-6. The data make no gradient
# zero; the third weight's first gradient is small (0.0195), so RMSprop's result
# depends on epsilon being under the square root, as in Keras.
import tensorflow as tf

x = tf.constant([[1.0, 2.0, 0.5],
                 [0.3, -1.0, 2.0],
                 [2.0, 0.1, -0.7],
                 [-1.5, 0.8, 1.2]], dtype=tf.float64)
# x @ [1.5, -2.0, 0.7] + 0.3, plus the offsets [0.05, -0.03, 0.02, -0.04].
y = tf.constant([[-1.8], [4.12], [2.63], [-2.75]], dtype=tf.float64)


def train(label, opt):
    w = tf.Variable([[0.4], [-0.3], [0.25]], dtype=tf.float64)
    b = tf.Variable([0.5], dtype=tf.float64)

    @tf.function
    def step():
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(tf.matmul(x, w) + b - y))
        grads = tape.gradient(loss, [w, b])
        opt.apply_gradients(zip(grads, [w, b]))
        return loss

    losses = []
    for _ in range(10):
        losses.append(step())
    tf.print(label)
    tf.print("losses", tf.stack(losses), summarize=-1)
    tf.print("w", w, summarize=-1)
    tf.print("b", b, summarize=-1)


train("sgd", tf.keras.optimizers.SGD(learning_rate=0.05))
train("sgd momentum", tf.keras.optimizers.SGD(learning_rate=0.05, momentum=0.9))
train("sgd momentum nesterov",
      tf.keras.optimizers.SGD(learning_rate=0.05, momentum=0.9, nesterov=True))
train("adam", tf.keras.optimizers.Adam(learning_rate=0.1))
train("adam amsgrad", tf.keras.optimizers.Adam(learning_rate=0.1, amsgrad=True))
train("rmsprop", tf.keras.optimizers.RMSprop(learning_rate=0.01))
train("rmsprop momentum", tf.keras.optimizers.RMSprop(learning_rate=0.01, momentum=0.9))
train("rmsprop centered", tf.keras.optimizers.RMSprop(learning_rate=0.01, centered=True))
train("adagrad", tf.keras.optimizers.Adagrad(learning_rate=0.1))
