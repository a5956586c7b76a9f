# Tuple/list unpacking: swaps, nested targets, starred targets in every position,
# unpacking in for loops and comprehensions, *args/**kwargs calls and * in displays.
a, b = 1, 2
a, b = b, a
print(a, b)
x, y, z = "xyz"
(p, q), r = [1, 2], 3
[m, n] = (5, 6)
print(x, y, z, p, q, r, m, n)
first, *rest = [1, 2, 3, 4]
*init, last = [1, 2, 3, 4]
head, *mid, tail = range(6)
print(first, rest, init, last, head, mid, tail)
one, *empty = [9]
*nothing, only = (8,)
s1, *s2, s3 = "ab"
print(one, empty, nothing, only, s1, s2, s3)
(a1, *a2), b1 = "hey", 0
print(a1, a2, b1)
for i, (ch, num) in enumerate(zip("abc", [10, 20, 30])):
    print(i, ch, num, end="; ")
print()
for k, *vals in [(1, 2, 3), (4,), (5, 6)]:
    print(k, vals, end=" | ")
print()
pts = [(1, 2), (3, 4), (-1, 0)]
print([x + y for x, y in pts], [(y, x) for x, y in pts], sorted(pts, key=lambda t: t[1]), {x: y for x, y in pts})
print([*range(3), *"ab", *[None]], (*[1, 2], 3), [*[], *()], [*pts[0], *pts[-1]])
merged = {**{"a": 1, "b": 2}, **{"b": 3, "c": 4}}
print(merged, {**merged, "a": 0})

def f(a, b=2, *args, c=3, **kw):
    return (a, b, args, c, sorted(kw.items()))

print(f(1))
print(f(1, 5, 6, 7, c=8, d=9, e=10))
print(f(*[1, 2, 3]), f(*"xy", **{"c": "C", "z": 0}))
args = (10, 20)
opts = {"c": 30}
print(f(*args, **opts), f(0, *args), f(*args, 99, *args))

def stats(*nums):
    if not nums:
        return None
    lo, *_, hi = sorted(nums) if len(nums) > 1 else (nums[0], nums[0])
    return lo, hi, sum(nums) / len(nums)

print(stats(), stats(4), stats(3, 1, 2), stats(*range(10)))
i = j = k = 0
i, j = j + 1, i + 2
print(i, j, k)
lst = [0, 1, 2]
lst[0], lst[2] = lst[2], lst[0]
print(lst)
idx = 0
idx, lst[idx] = 2, "set"
print(idx, lst)
d = {}
d["a"], d["b"] = divmod(17, 5)
print(d)
fib = [0, 1]
a, b = 0, 1
for _ in range(15):
    a, b = b, a + b
    fib.append(b)
print(fib, a, b)
rows = [("ann", (31, "nyc")), ("bob", (27, "sf"))]
for name, (age, city) in rows:
    print(name, age, city)
print([name + "@" + city for name, (_, city) in rows], max(rows, key=lambda r: r[1][0])[0])
