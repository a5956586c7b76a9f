# while/else on a tensor loop: the else runs when the loop ends without break.
import tensorflow as tf


@tf.function
def find_multiple(start, k, limit):
    x = start
    found = tf.constant(False)
    while x < limit:
        if x % k == 0:
            found = tf.constant(True)
            break
        x += 1
    else:
        x = tf.constant(-1)
    return x, found


a, fa = find_multiple(tf.constant(10), tf.constant(7), tf.constant(20))
b, fb = find_multiple(tf.constant(15), tf.constant(7), tf.constant(20))
tf.print(a, fa, b, fb)
