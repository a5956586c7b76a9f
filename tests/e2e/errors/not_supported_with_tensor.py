# Only objects with __enter__ and __exit__ are context managers here.
import tensorflow as tf

with tf.constant(1.0) as x:
    print(x)
