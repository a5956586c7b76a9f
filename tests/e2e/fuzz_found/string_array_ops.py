# ingot-test: eager-exit=1
# Found by tests/fuzz (fuzz_runtime): array ops on a string tensor (squeeze,
# expand_dims, broadcast_to, tile, transpose, strided_slice) passed their shape
# rules, and the runtime's kernels, which copy fixed-size elements, stopped with an
# internal error. TensorFlow allows them; Ingot's string tensors are scalars, so
# each op is refused, located, as "not supported yet": Ingot's limit, not the
# script's mistake, so no `except` catches it and the build stops there.
import tensorflow as tf

s = tf.constant("text")
try:
    tf.squeeze(s)
    print("squeeze ran")
except (ValueError, tf.errors.InvalidArgumentError) as e:
    print("squeeze refused:", e)
print("not reached")
