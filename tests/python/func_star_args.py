# *args / **kwargs in definitions and calls: packing, unpacking, merging several
# * and ** in one call, forwarding wrappers, and starred assignment targets.
def pack(*args, **kwargs):
    return args, kwargs
print(pack(), pack(1), pack(1, 2, x=3), pack(*range(3), **{"a": 1}))
print(pack(*"ab", *[1, 2], 3, *(), **{"k": 1}, **{"j": 2}, m=0))
def total(*nums):
    s = 0
    for n in nums:
        s += n
    return s
print(total(), total(1), total(1, 2, 3), total(*range(101)), total(*[x * x for x in range(5)]))
def first_rest(first, *rest):
    return first, list(rest), len(rest)
print(first_rest(1), first_rest(1, 2, 3), first_rest(*"xyz"))
def kw_only_names(**kw):
    return sorted(kw), [kw[k] for k in kw]
print(kw_only_names(b=2, a=1, c=3))
def wrapper(fn, *args, **kwargs):
    result = fn(*args, **kwargs)
    return "%s%r%r -> %r" % ("call", args, kwargs, result)
def area(w, h=1, *, scale=1):
    return w * h * scale
print(wrapper(area, 3))
print(wrapper(area, 3, 4))
print(wrapper(area, 3, h=5, scale=2))
def logged(fn):
    calls = []
    def inner(*a, **k):
        calls.append((a, k))
        return fn(*a, **k)
    return inner, calls
def add3(a, b, c):
    return a + b + c
logged_add, add_calls = logged(add3)
print(logged_add(1, 2, 3), logged_add(*[1, 2], c=10), logged_add(**{"a": 1, "b": 1, "c": 1}))
print(add_calls)
args = (1, 2)
kwargs = {"c": 3}
print(add3(*args, **kwargs), add3(*args, 4), add3(0, *args))
a, *b = [1, 2, 3, 4]
print(a, b)
*c, d = "hello"
print(c, d)
e, *f, g = range(6)
print(e, f, g)
h, *i = (9,)
print(h, i)
(j, k), *l = [(1, 2), 3, 4]
print(j, k, l)
for x, *ys in [(1, 2, 3), (4,), (5, 6)]:
    print(x, ys)
print([*range(3), *"ab", *[None]], (*[1, 2], 3), {**{"a": 1}, "b": 2, **{"a": 9}})
def apply_all(fns, *args):
    return [fn(*args) for fn in fns]
print(apply_all([max, min, total], 3, 1, 2))
def count_args(*a, **k):
    return len(a), len(k)
print(count_args(*[], **{}), count_args(*[[]], **{"x": {}}), count_args(None, None, x=None))
def merge(*dicts, **extra):
    out = {}
    for dd in dicts:
        out.update(dd)
    out.update(extra)
    return out
print(merge({"a": 1}, {"b": 2, "a": 3}, c=4), merge(), merge(z=0))
def swap_kw(**kw):
    return {v: k for k, v in kw.items()}
print(swap_kw(one=1, two=2, three=3))
print(max(*[3, 8, 1]), min(*"hello"), sorted([*"cab", *"fed"]))
print("{}-{}-{}".format(*"abc"), "{x}{y}".format(**{"x": 1, "y": 2}))
