# ingot-test: build-exit=0
# A list or dict passed to a tf.function is copied for the trace (TensorFlow packs the
# arguments' structures anew around its placeholders), so changing it inside changes
# the copy: the caller's list and dict stay empty at build time and in the program, a
# warning at each change. Eagerly the Python runs on the caller's own objects. A list
# the trace rebinds, or one it makes, is not warned about, nor an object the list holds
# (the caller's own: it is not copied).
import tensorflow as tf


class Box:
    def __init__(self):
        self.n = 0


@tf.function
def record(x, seen, counts, boxes):
    seen.append(x)
    counts["calls"] = 1
    seen = seen + [x]
    mine = []
    mine.append(x)
    boxes[0].n = 5
    return x + len(seen) + len(mine)


seen = []
counts = {}
boxes = [Box()]
tf.print(record(tf.constant(1.0), seen, counts, boxes))
print("seen:", len(seen), "counts:", counts, "box:", boxes[0].n)
