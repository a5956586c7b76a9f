# bench/compare's CNN workload: the digits CNN (conv 3x3 16 ReLU, max pool 2, conv 3x3
# 32 ReLU, max pool 2, dense 10) forward on a batch of 64 8x8 images, REPS times in a
# graph loop (bench/peers/forward_torch.py: the same in PyTorch).
import tensorflow as tf
import ingot

REPS = ingot.flag("reps", 200, "forward passes")
tf.random.set_seed(1)
f1 = tf.Variable(tf.random.normal([3, 3, 1, 16], stddev=0.3))
c1 = tf.Variable(tf.zeros([16]))
f2 = tf.Variable(tf.random.normal([3, 3, 16, 32], stddev=0.1))
c2 = tf.Variable(tf.zeros([32]))
w = tf.Variable(tf.random.normal([2 * 2 * 32, 10], stddev=0.1))
b = tf.Variable(tf.zeros([10]))
x = tf.random.uniform([64, 8, 8, 1])


@tf.function
def run(reps):
    total = tf.constant(0.0)
    i = tf.constant(0)
    while i < reps:
        h = tf.nn.relu(tf.nn.conv2d(x, f1, 1, "SAME") + c1)
        h = tf.nn.max_pool2d(h, 2, 2, "VALID")
        h = tf.nn.relu(tf.nn.conv2d(h, f2, 1, "SAME") + c2)
        h = tf.nn.max_pool2d(h, 2, 2, "VALID")
        y = tf.matmul(tf.reshape(h, [64, 2 * 2 * 32]), w) + b
        total += y[0, 0]
        i += 1
    return total


tf.print(run(REPS) / tf.cast(REPS, tf.float32))
