# bench: max-seconds=2 max-rss-mb=25 build-max-seconds=10
# A Dense layer of a Keras MLP (batch 64, 784 -> 128) and tf.clip_by_value(-1, 1) on its
# output, --reps times (--clip=0: the layer alone): what the clip costs after the
# product, so the most that fusing it as a oneDNN post-op could save (bench/README.md
# "clip after a product"; bench_ops dense_clip times the post-op itself); one thread:
# INGOT_NUM_THREADS=1.
import tensorflow as tf

import ingot

REPS = ingot.flag("reps", 2000, "passes over the batch")
CLIP = ingot.flag("clip", 1, "1: clip the layer's output to [-1, 1], 0: no clip")

tf.random.set_seed(0)
x = tf.random.normal([64, 784])
w = tf.random.normal([784, 128]) * 0.05
b = tf.random.normal([128])


@tf.function
def dense(x):
    return tf.matmul(x, w) + b


@tf.function
def dense_clip(x):
    return tf.clip_by_value(tf.matmul(x, w) + b, -1.0, 1.0)


total = tf.constant(0.0)
for i in tf.range(REPS):
    if CLIP == 1:
        total += dense_clip(x)[0, 0]
    else:
        total += dense(x)[0, 0]
tf.print("mean:", total / tf.cast(REPS, tf.float32) > -100.0)
