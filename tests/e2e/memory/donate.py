# An elementwise op may write its result over an input that dies with it (the emitted C
# donates it: ig_donate). Every value below is one a reuse would corrupt if the
# compiler or the runtime took an input somebody still reads.
import tensorflow as tf

v = tf.Variable([1.0, 2.0, 3.0])


@tf.function
def chain(x):
    y = x + 1.0      # x is the caller's: never taken
    z = y * 2.0      # y dies here: its buffer becomes z
    w = z + z        # the same dying value twice
    return w, x


@tf.function
def loop(x):
    kept = x
    for i in tf.range(3):
        x = x * 2.0  # the carried value dies each iteration; on the first it is kept's too
    return x, kept


@tf.function
def swap(a, b):
    # Fibonacci: a's old value dies, b's is yielded as the new a.
    for i in tf.range(5):
        a, b = b, a + b
    return a, b


@tf.function
def variable_reads():
    r = v.read_value()
    s = tf.exp(r - 1.0)      # r is also the variable's: never taken
    v.assign_add(s)
    return tf.sqrt(r * r), s


@tf.function
def read_after(x):
    for i in tf.range(2):
        y = x + 1.0          # not x's last use in the body
        x = y - x * 0.5      # its last use
    return x


@tf.function
def ints_and_compares(n):
    m = n * 3
    big = m > 4              # bool from int: nothing to reuse
    return tf.where(big, m - 1, m + 1)


@tf.function
def branchy(x, flag):
    # the carried value's last use is inside a branch: released after the whole cond
    for i in tf.range(3):
        if flag:
            x = x * 2.0 + 1.0
        else:
            y = x - 1.0
            x = y * y
        x = tf.where(x > 4.0, x - 4.0, x)
    return x


x = tf.constant([1.0, -2.0, 0.5])
w, x_again = chain(x)
tf.print(w, x_again, x)
doubled, kept = loop(x)
tf.print(doubled, kept)
a, b = swap(tf.constant([0, 1]), tf.constant([1, 1]))
tf.print(a, b)
root, s = variable_reads()
tf.print(root, s, v)
tf.print(read_after(tf.constant([2.0, 4.0])))
tf.print(ints_and_compares(tf.constant([1, 2, 3])))
tf.print(branchy(tf.constant([0.5, 3.0]), tf.constant(True)))
tf.print(branchy(tf.constant([0.5, 3.0]), tf.constant(False)))
