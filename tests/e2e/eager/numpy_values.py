# t.numpy() gives NumPy's values: a float32 scalar prints with float32's digits
# (0.1, not 0.10000000149011612), an array prints as NumPy prints it and can be
# indexed, iterated, measured and turned back into a tensor. Compiled, .numpy() is
# an error: the value is only known when the program runs.
import tensorflow as tf

t = tf.constant([1.5, 2.5, 3.0])
loss = tf.reduce_sum(t) / 7.0
print("loss:", loss.numpy(), f"{loss.numpy():.3f}")
print(tf.constant(0.1).numpy(), tf.constant(7).numpy(), tf.constant(True).numpy())
a = t.numpy()
print(a)
print(repr(a), [a])
print(a.shape, a.dtype, a.ndim, a.size, len(a))
print(a[1], a.tolist())
for x in a:
    print(x)
m = tf.constant([[1, 2], [3, 4]]).numpy()
print(m)
print(m[0], m[1][0], m.tolist())
print(tf.constant(a) * 2)
print(t + a)
