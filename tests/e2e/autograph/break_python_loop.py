# break and continue in a Python loop stay Python: the unrolled loop stops at build time.
import tensorflow as tf


@tf.function
def f(x):
    for k in range(10):
        if k == 1:
            continue
        if k == 4:
            print("python break at", k)
            break
        print("unrolling k =", k)
        x = x * 2 + k
    return x


tf.print(f(tf.constant(1)))
