# default values (evaluated once, shared mutable default), keyword arguments,
# keyword-only parameters after * and after *args, and argument binding order.
def greet(name, greeting="Hello", punct="!"):
    return greeting + ", " + name + punct
print(greet("Ann"), greet("Bob", "Hi"), greet("Cy", punct="?"), greet(punct=".", name="Di"))
def append_to(x, acc=[]):
    acc.append(x)
    return acc
print(append_to(1), append_to(2), append_to(3, []), append_to(4))
def append_safe(x, acc=None):
    if acc is None:
        acc = []
    acc.append(x)
    return acc
print(append_safe(1), append_safe(2))
counter = 10
def snapshot(v=counter):
    return v
counter = 20
print(snapshot(), snapshot(5), counter)
def kwonly(a, *, b, c=3):
    return (a, b, c)
print(kwonly(1, b=2), kwonly(1, c=4, b=5), kwonly(a=0, b=0))
def mixed(a, b=2, *rest, key, flag=False, **extra):
    return [a, b, rest, key, flag, extra]
print(mixed(1, key="k"))
print(mixed(1, 2, 3, 4, key="k", flag=True, z=26, y=25))
print(mixed(*[7, 8, 9], **{"key": "K", "other": 0}))
def power(base, exp=2):
    return base ** exp
print([power(b) for b in range(5)], [power(2, e) for e in range(5)], power(exp=3, base=3))
def describe(x, fmt="{!r}", *, prefix="", suffix=""):
    return prefix + fmt.format(x) + suffix
print(describe("s"), describe(3, "<{}>"), describe([1], suffix=";", prefix="L="))
defaults_seen = []
def record(tag, when=defaults_seen.append("evaluated") or "def-time"):
    return tag, when
print(defaults_seen, record("a"), record("b"), defaults_seen)
def f(a, b, c, d=4):
    return a + b + c + d
print(f(1, 2, 3), f(1, 2, c=30), f(1, 2, 3, d=40))
def chain(x, *, by=1, times=1):
    for _ in range(times):
        x = x + by
    return x
print(chain(0), chain(0, times=5), chain(0, by=-2, times=3), chain("a", by="b", times=2))
def none_default(x=None, y=0, z=""):
    return (x, y, z, x is None, not y, not z)
print(none_default(), none_default(0, 1, "z"))
opts = {"by": 10, "times": 2}
print(chain(5, **opts), chain(5, **{"times": 0}))
def count_calls(n, _memo={"calls": 0}):
    _memo["calls"] += 1
    return n, _memo["calls"]
print([count_calls(i) for i in range(4)])
def sig(a, b=1, *args, c, d=2, **kw):
    return "a=%r b=%r args=%r c=%r d=%r kw=%r" % (a, b, args, c, d, kw)
print(sig(0, c=1))
print(sig(0, 9, 8, 7, c=1, e=5))
print(sig(c="c", a="a", d="d", b="b", zz=None))
