# ingot-test: float-tolerance=1e-5 c-contains-optimized='IgArena *arena = ig_arena_enter(&memory_plan);' c-contains-optimized='ig_arena_leave(arena);'
# A function's tensors of known size share the slots of one block per call (the memory
# plan, compiler/emit_memplan.c): a value takes a slot only while it lives. The values
# below live around a loop, in branches, through a call, into a variable and a tape;
# each prints what -O0 and eager mode print. (A plan giving two living values one slot
# would not corrupt them: the runtime refuses a held slot, and tests/alloc checks that
# no placement is ever refused.)
import tensorflow as tf

v = tf.Variable(tf.zeros([4, 4]))


@tf.function
def around_a_loop(x):
    before = tf.matmul(x, x)          # lives through the loop: no body value may share
    total = tf.zeros([4, 4])
    for i in tf.range(3):
        a = tf.matmul(x, x) * tf.cast(i, tf.float32)   # body values take turns in slots
        b = tf.nn.relu(a - 1.0)
        total = total + b
    return tf.reduce_sum(total + before), tf.reduce_sum(before)


@tf.function
def branches(x, flag):
    big = tf.tile(x, [2, 2])          # 8x8: a larger slot, then smaller values in it
    if flag:
        y = tf.reduce_sum(big * 2.0)
    else:
        y = tf.reduce_sum(big - 1.0)
    small = tf.reduce_max(big, axis=0)
    return y + tf.reduce_sum(small)


@tf.function
def helper(t):
    return t                          # hands its argument back


@tf.function
def kept_values(x):
    m = tf.matmul(x, x)
    same = helper(m)                  # a call keeps its argument: m stays off the plan
    v.assign(m * 0.5)                 # a variable takes its value: copied, never pinned
    n = tf.matmul(same, x) + 1.0
    return tf.reduce_sum(n) + tf.reduce_sum(v)


@tf.function
def gradient(x):
    w = tf.ones([4, 4])
    with tf.GradientTape() as tape:
        tape.watch(w)
        h = tf.nn.relu(tf.matmul(x, w) - 2.0)
        loss = tf.reduce_sum(h * h)
    return loss, tf.reduce_sum(tape.gradient(loss, w))


x = tf.reshape(tf.range(16, dtype=tf.float32), [4, 4]) / 10.0
tf.print(around_a_loop(x))
tf.print(branches(x, tf.constant(True)), branches(x, tf.constant(False)))
tf.print(kept_values(x), kept_values(x * 2.0))
tf.print(gradient(x))
