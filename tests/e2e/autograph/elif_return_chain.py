# if/elif branches that return, then a final return: every path returns a value, so
# the tensor conds are well formed (Ingot moves the final return into the innermost
# else; TensorFlow's single pass stops one level short and rejects this).
import tensorflow as tf


def sign(x):
    if x < 0:
        return -1
    elif x > 0:
        return 1
    return 0


@tf.function
def f(a):
    return sign(a)


tf.print(f(tf.constant(-3)), f(tf.constant(3)), f(tf.constant(0)))
print(tf.autograph.to_code(sign))
