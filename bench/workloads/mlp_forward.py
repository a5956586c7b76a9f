# bench/compare's MLP workload: the digits MLP 64-128(ReLU)-10 forward on a batch of
# 64, REPS times in a graph loop (bench/peers/forward_torch.py: the same in PyTorch).
import tensorflow as tf
import ingot

REPS = ingot.flag("reps", 1000, "forward passes")
tf.random.set_seed(1)
w1 = tf.Variable(tf.random.normal([64, 128], stddev=0.1))
b1 = tf.Variable(tf.zeros([128]))
w2 = tf.Variable(tf.random.normal([128, 10], stddev=0.1))
b2 = tf.Variable(tf.zeros([10]))
x = tf.random.uniform([64, 64])


@tf.function
def run(reps):
    total = tf.constant(0.0)
    i = tf.constant(0)
    while i < reps:
        h = tf.nn.relu(tf.matmul(x, w1) + b1)
        y = tf.matmul(h, w2) + b2
        total += y[0, 0]
        i += 1
    return total


tf.print(run(REPS) / tf.cast(REPS, tf.float32))
