# Found by tests/fuzz (fuzz_runtime): array ops on a string tensor (squeeze,
# expand_dims, broadcast_to, tile, transpose, strided_slice) passed their shape
# rules, and the runtime's kernels, which copy fixed-size elements, stopped with an
# internal error. String tensors are scalars in Ingot: each op now refuses them with
# a located dtype error, which the script can catch.
import tensorflow as tf

s = tf.constant("text")
tries = [
    ("squeeze", lambda: tf.squeeze(s)),
    ("expand_dims", lambda: tf.expand_dims(s, 0)),
    ("broadcast_to", lambda: tf.broadcast_to(s, [2])),
    ("transpose", lambda: tf.transpose(s)),
]
for name, f in tries:
    try:
        f()
        print(name, "ran")
    except (ValueError, tf.errors.InvalidArgumentError) as e:
        print(name, "refused:", e)
tf.print(s)
