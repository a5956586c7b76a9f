import tensorflow as tf
from . import helpers as h

c = -2 ** 2
d = not a == b and c or -e
x = tf.constant([1.0, 2.0])
y, *rest = x[1:, ::2], {1: 2, **m}, {s for s in t if s}


@tf.function(input_signature=None)
def f(x, n=2, *args, scale: float = 1.0, **kw) -> None:
    """doc"""
    global total
    total += n
    if 0 <= n < 3 and x is not None:
        return x @ x
    elif n in (1, 2):
        pass
    else:
        y = [i * 2 for i in range(n) if i % 2]
    while n:
        n -= 1
    for i in range(3):
        if i:
            continue
        break
    else:
        pass
    try:
        raise ValueError(f"bad {n!r:>4}") from None
    except (ValueError, TypeError) as e:
        del e
    finally:
        assert n, "msg"
    with open("f") as fh, lock:
        lambda a, b=1: a + b
    return tf.reduce_sum(x, axis=1, keepdims=True) if n else -x


class Model(tf.Module, metaclass=Meta):
    def __call__(self, x):
        return self.w.assign_add(x)
