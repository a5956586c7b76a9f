# Gradients of gradients through a cond (the backward cond is differentiated in
# turn: the forward values it reads are outputs of the forward cond), and one
# persistent tape asked twice through the same tf.while_loop (the loop's stacks
# are made once and shared by both backward loops), with maximum_iterations.
import tensorflow as tf

x = tf.constant(1.5)
with tf.GradientTape() as outer:
    outer.watch(x)
    with tf.GradientTape() as inner:
        inner.watch(x)
        if x > 0.0:
            y = x * x * x
        else:
            y = x
    dy = inner.gradient(y, x)
tf.print("x^3:", dy, outer.gradient(dy, x))  # 3x^2 = 6.75, 6x = 9

n = tf.constant(4)
with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    _, p = tf.while_loop(lambda i, p: i < n, lambda i, p: (i + 1, p * x), [0, x],
                         maximum_iterations=3)
    q = p * p
# p = x^4 (three iterations, not n's four): 4x^3 = 13.5; q = x^8: 8x^7 = 136.6875
tf.print("x^4 and x^8:", p, tape.gradient(p, x), tape.gradient(q, x))
