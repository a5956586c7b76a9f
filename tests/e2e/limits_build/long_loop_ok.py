# A legitimate long build-time loop (a million statements) stays within the default
# limits, as does an explicit limit just large enough.
import tensorflow as tf


def checksum(n):
    s = 0
    for i in range(n):
        s = (s * 31 + i) % 1000003
    return s


print(checksum(300000))
x = tf.constant(float(checksum(1000)))
tf.print(x)
