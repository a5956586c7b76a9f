# ingot-test: build-args='-O3 --target-cpu=native'
# A C scalar handed to a kernel that takes a tensor is boxed for the call; a tensor
# handed to a scalar op is read; cond and while carry scalars and tensors together,
# and functions return scalars as tensors. Built -O3 for this machine's CPU.
import tensorflow as tf


@tf.function
def mixed(v, n):
    k = tf.constant(0)
    acc = tf.zeros([3])
    while k < n:
        acc = acc + v * tf.cast(k, tf.float32)   # k boxed for the cast kernel... or not
        if k % 2 == 0:
            m = k * 10
        else:
            m = tf.reduce_sum(tf.ones([2], tf.int32))  # a kernel's 0-d result
        k = k + 1 + m - m
    return acc, k, tf.fill([2], n)


@tf.function
def mean_loop(x):
    best = tf.reduce_max(x)   # a tensor from a kernel, carried as a scalar
    i = tf.constant(0)
    while i < 3:
        best = best - tf.reduce_min(x) * 0.5
        i += 1
    return best


acc, k, filled = mixed(tf.constant([1.0, 2.0, 3.0]), tf.constant(4))
tf.print(acc, k, filled)
tf.print(mean_loop(tf.constant([1.0, 4.0, 2.0])))
flag = tf.constant(True)
tf.print(tf.where(flag, 1, 2), tf.logical_not(flag))
