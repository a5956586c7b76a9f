# The backward pass traced into a tf.function: the train step of a tiny linear model
# y = x @ w + b (w, b variables from zeros) computes the mean squared error under a
# tape, takes tape.gradient(loss, [w, b]) and applies it with assign_sub. The data
# are exact (dyadic, no noise), so the first call's loss and gradients are exact:
# loss 15.53125, gradients [[-5.0625], [6.75]] and [-1.375]. Fifty calls from a
# Python loop reuse the one trace; the fit is then checked against the true
# weights [[2], [-3]] and bias [0.5] with a bound, as a boolean.
import tensorflow as tf

x = tf.constant([[1.0, 2.0], [2.0, -1.0], [0.5, 0.5], [-1.0, 1.5],
                 [1.5, 1.0], [0.0, -1.0], [-0.5, -0.5], [1.0, 0.0]])
true_w = tf.constant([[2.0], [-3.0]])
true_b = tf.constant([0.5])
y = tf.matmul(x, true_w) + true_b

w = tf.Variable(tf.zeros([2, 1]))
b = tf.Variable(tf.zeros([1]))


@tf.function
def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = tf.matmul(x, w) + b
        loss = tf.reduce_mean(tf.square(pred - y))
    gw, gb = tape.gradient(loss, [w, b])
    w.assign_sub(0.1 * gw)
    b.assign_sub(0.1 * gb)
    return loss, gw, gb


loss, gw, gb = train_step(x, y)
tf.print("first loss:", loss)
tf.print("first gradients:", gw, gb)
for step in range(49):
    loss, gw, gb = train_step(x, y)
tf.print("loss of step 50 below 1e-4:", loss < 1e-4)
tf.print("w close to the true weights:", tf.reduce_all(tf.abs(w - true_w) < 1e-2))
tf.print("b close to the true bias:", tf.reduce_all(tf.abs(b - true_b) < 1e-2))
tf.print("gradients near zero:", tf.reduce_all(tf.abs(gw) < 1e-2), tf.reduce_all(tf.abs(gb) < 1e-2))
print("traces:", train_step.experimental_get_tracing_count())
