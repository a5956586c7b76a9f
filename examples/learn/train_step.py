# §3.2 a custom training loop: the step is a tf.function holding the forward pass, the
# tape's gradient and the optimizer's update. tape.gradient adds the backward
# operations to the same graph, one rule per forward operation (the Gradients tab of
# `ingot explain` lists them by the line they differentiate), and apply_gradients the
# variables' updates: later calls run the graph, nothing is traced again.
import tensorflow as tf

tf.random.set_seed(1)
x = tf.constant([[0.0], [1.0], [2.0], [3.0]])
y = tf.constant([[1.0], [3.0], [5.0], [7.0]])   # y = 2x + 1
w = tf.Variable([[0.5]], name="w")
b = tf.Variable([0.0], name="b")
optimizer = tf.keras.optimizers.SGD(0.1)


@tf.function
def train_step(x, y):
    with tf.GradientTape() as tape:
        prediction = tf.matmul(x, w) + b
        loss = tf.reduce_mean(tf.square(prediction - y))
    gradients = tape.gradient(loss, [w, b])
    optimizer.apply_gradients(zip(gradients, [w, b]))
    return loss


loss = tf.constant(0.0)
for step in tf.range(200):   # a graph loop: one call of the step, run 200 times
    loss = train_step(x, y)
tf.print("loss below 0.001:", loss < 0.001)
tf.print("w close to 2:", tf.abs(w[0, 0] - 2.0) < 0.05, "b close to 1:", tf.abs(b[0] - 1.0) < 0.05)
print("traces:", train_step.experimental_get_tracing_count())
