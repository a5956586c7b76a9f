# Training with no tf.function: at the top level a `for step in tf.range(100)` loop
# (TensorFlow runs it eagerly, step by step; compiled it is one graph while loop)
# opens a tape in its body, takes the gradients of the mean squared error and
# applies them. The same loop inside a tf.function, on its own variables, must reach
# the same weights. The data are exact (true weights [[2], [-3]], bias [0.5]), so
# the loss before training is exactly 15.53125; the rest is checked with bounds.
import tensorflow as tf

x = tf.constant([[1.0, 2.0], [2.0, -1.0], [0.5, 0.5], [-1.0, 1.5],
                 [1.5, 1.0], [0.0, -1.0], [-0.5, -0.5], [1.0, 0.0]])
true_w = tf.constant([[2.0], [-3.0]])
true_b = tf.constant([0.5])
y = tf.matmul(x, true_w) + true_b
lr = 0.1

w = tf.Variable(tf.zeros([2, 1]))
b = tf.Variable(tf.zeros([1]))
tf.print("loss before training:", tf.reduce_mean(tf.square(tf.matmul(x, w) + b - y)))

loss = tf.constant(0.0)
steps = tf.constant(0)
for step in tf.range(100):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.matmul(x, w) + b - y))
    gw, gb = tape.gradient(loss, [w, b])
    w.assign_sub(lr * gw)
    b.assign_sub(lr * gb)
    steps += 1
tf.print("steps:", steps)
tf.print("loss of the last step below 1e-6:", loss < 1e-6)
tf.print("w close to the true weights:", tf.reduce_all(tf.abs(w - true_w) < 1e-3))
tf.print("b close to the true bias:", tf.reduce_all(tf.abs(b - true_b) < 1e-3))

w2 = tf.Variable(tf.zeros([2, 1]))
b2 = tf.Variable(tf.zeros([1]))


@tf.function
def train(n):
    loss = tf.constant(0.0)
    for step in tf.range(n):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(tf.matmul(x, w2) + b2 - y))
        gw, gb = tape.gradient(loss, [w2, b2])
        w2.assign_sub(lr * gw)
        b2.assign_sub(lr * gb)
    return loss


loss2 = train(tf.constant(100))
tf.print("tf.function loop agrees:", tf.abs(loss2 - loss) < 1e-6,
         tf.reduce_all(tf.abs(w2 - w) < 1e-6), tf.reduce_all(tf.abs(b2 - b) < 1e-6))
