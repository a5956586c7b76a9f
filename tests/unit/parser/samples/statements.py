# Every statement form of LANGUAGE.md §Syntax (parsed only, never run).
import os
import a.b.c as abc, d
from os.path import join as pjoin, dirname
from . import sibling
from ..pkg.mod import (name1 as n1, name2,)
from ... import far
from .mod import *

x = 1
a = b = c = x
t = 1, 2, 3
u = 4,
first, *rest = [1, 2, 3]
[p, q] = (r, s) = 1, 2
obj.attr = items[0] = grid[1, 2] = 0
(only) = 5
x += 1; x -= 1; x *= 2; x /= 2; x //= 2; x %= 3
x **= 2; m @= m; x &= 1; x |= 2; x ^= 3; x <<= 1; x >>= 1;
count: int = 0
name: str
self_like.field: "Tensor" = None
table[key]: float = 1.5
pass
del x, table[key], obj.attr
del (p, q), [r]
assert x > 0
assert x > 0, "x must be positive"
global_counter = 0


def plain():
    pass


def full(a, b: int, c=3, d: float = 4.0, *args, e, f: str = "f", **kwargs) -> "dict":
    """Docstring."""
    global global_counter
    global_counter += 1
    return {"a": a, "args": args}


def keyword_only(*, k, j=2):
    return k, j


def varargs_only(*args, **kwargs):
    return args, kwargs


def trailing(a, b,):
    return


def outer():
    n = 0

    def inner():
        nonlocal n
        n += 1
        return n
    return inner


@decorator
@decorator.with_args(1, key="v")
@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
def decorated(x):
    return x * 2


class Empty:
    pass


class Derived(Base, Mixin, metaclass=Meta, flag=True):
    attr = 1

    def __init__(self, x):
        super().__init__()
        self.x = x

    @property
    def value(self):
        return self.x

    @staticmethod
    def make(*args):
        return Derived(*args)


@dataclass_like
class Decorated(object):
    pass


if x:
    pass
elif y:
    pass
elif z:
    pass
else:
    pass

if x: y = 1
else: y = 2

while x > 0:
    x -= 1
    if x == 5:
        continue
    if x == 2:
        break
else:
    done = True

for i in range(10):
    pass
for i, (j, k) in enumerate(pairs):
    pass
for head, *tail in rows:
    pass
else:
    pass
for item in a, b, *c:
    pass

with open("f") as fh:
    data = fh.read()
with a as x, b as (y, z), c:
    pass
with lock:
    pass

try:
    risky()
except ValueError:
    pass
except (TypeError, KeyError) as e:
    raise RuntimeError("wrapped") from e
except Exception as e:
    raise
except:
    raise
else:
    ok = True
finally:
    cleanup()

try:
    pass
finally:
    pass

try:
    pass
except E:
    pass
finally:
    pass


def raising():
    raise
    raise ValueError
    raise ValueError("x") from None


def returns():
    return
    return 1
    return 1, 2
    return *rest, 1
