# ingot-test: c-contains='static __attribute__((noinline)) void program__part3(program__Frame *fr) {' c-contains='static __attribute__((noinline)) void grow__1__part3(grow__1__Frame *fr) {'
# A function of more than a thousand ops is emitted as parts (static functions over a
# frame struct holding the tensors one part makes and a later one uses), so the C
# compiler takes time linear in its length. Both functions here are split: the
# tf.function's parameters are used in every part and its two results at the end;
# the top level's chain of adds crosses from part to part. Eager mode agrees.
import tensorflow as tf


@tf.function
def grow(x, rate, bias):
    y = x
    for i in range(600):
        y = y * rate + bias
    return y, x + 1.0


a, b = grow(tf.constant(1.0), tf.constant(1.001), tf.constant(0.001))
tf.print(a, b)

total = a * 0.0   # computed, not a constant: the chain is not folded at build time
for i in range(700):
    total = total + float(i % 7)
tf.print(total)
