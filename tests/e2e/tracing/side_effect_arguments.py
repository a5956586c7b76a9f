# ingot-test: build-exit=0
# A list or dict passed to a tf.function is copied for the trace (TensorFlow packs the
# arguments' structures anew around its placeholders), so changing it inside changes
# the copy: the caller's list and dict stay empty at build time and in the program, a
# warning at each change. Eagerly the Python runs on the caller's own objects. A list
# the trace rebinds, or one it makes, is not warned about.
import tensorflow as tf


@tf.function
def record(x, seen, counts):
    seen.append(x)
    counts["calls"] = 1
    seen = seen + [x]
    mine = []
    mine.append(x)
    return x + len(seen) + len(mine)


seen = []
counts = {}
tf.print(record(tf.constant(1.0), seen, counts))
print("seen:", len(seen), "counts:", counts)
