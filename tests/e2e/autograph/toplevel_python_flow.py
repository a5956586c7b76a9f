# Python if/for at the top level run at build time; only the ops they emit reach the program.
import tensorflow as tf

total = tf.constant(0)
for k in range(4):
    print("top-level python loop, k =", k)
    if k % 2 == 0:
        total = total + k
    else:
        total = total + 10 * k
tf.print(total)
