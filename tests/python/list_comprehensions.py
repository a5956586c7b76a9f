# List/dict comprehensions (nested, filtered, with conditional expressions), generator
# expressions fed to builtins, and closures created in loops (late vs default binding).
print([x * x for x in range(10)], [x for x in range(20) if x % 3 == 0 if x % 2 == 0])
print([(i, j) for i in range(3) for j in range(i)], [[i * j for j in range(4)] for i in range(3)])
print(["even" if n % 2 == 0 else "odd" for n in range(5)], [c for c in "a1b2" if c in "12"])
matrix = [[1, 2, 3], [4, 5, 6], [7, 8, 9], [10, 11, 12]]
print([row[i] for row in matrix for i in range(len(row)) if i == len(row) - 1])
print([[row[i] for row in matrix] for i in range(3)], [x for row in matrix for x in row if x % 4 == 0])
print({k: v for k, v in zip("abc", [1, 2, 3])}, {n: [d for d in range(1, n + 1) if n % d == 0] for n in (6, 7, 12)})
print(sum(x for x in range(100) if x % 7 == 0), max(len(w) for w in ["aa", "b", "cccc"]), min(-x for x in [3, 9, 1]))
print(any(x < 0 for x in [1, 2, -3]), all(x > 0 for x in [1, 2, -3]), any([]), all([]), list(x + 1 for x in (1, 2)))
print([], [x for x in []], [x for x in range(0)], [[] for _ in range(3)], [y for x in [[1], [], [2, 3]] for y in x])
x = "outer"
squares = [x for x in range(3)]
print(x, squares)
fns = []
for i in range(4):
    fns.append(lambda: i)
print([f() for f in fns])
fns = []
for i in range(4):
    fns.append(lambda i=i: i * 10)
print([f() for f in fns])
adders = [lambda y, n=n: y + n for n in range(3)]
print([a(100) for a in adders])
late = [lambda: n for n in range(3)]
print([f() for f in late])

def make_counter(start):
    count = start

    def inc(step=1):
        nonlocal count
        count += step
        return count
    return inc

c1, c2 = make_counter(0), make_counter(100)
print(c1(), c1(), c1(5), c2(), c1(), c2(-50))

def make_multipliers():
    out = []
    for k in range(1, 4):
        def mul(v, k=k):
            return v * k
        out.append(mul)
    return out

print([m(7) for m in make_multipliers()])

def compose(*fs):
    def run(v):
        for f in reversed(fs):
            v = f(v)
        return v
    return run

inc = lambda v: v + 1
dbl = lambda v: v * 2
print(compose(inc, dbl)(5), compose(dbl, inc)(5), compose()(5), compose(inc, inc, inc)(0))
acc = []
total = 0
for n in range(1, 6):
    total += n
    acc.append([total, [m for m in range(total) if m % n == 0][-1]])
print(acc)
words = ["apple", "bob", "kayak", "level", "xyz", ""]
print([w for w in words if w == w[::-1]], {w: len(w) for w in words if w}, [len(w) > 3 and w[0] for w in words])
flat = [v for pair in zip([1, 2, 3], [10, 20, 30]) for v in pair]
print(flat, [a * b for a, b in zip(flat[::2], flat[1::2])], [i for i, v in enumerate(flat) if v > 5])
print([(lambda q: q ** 2)(t) for t in range(5)], list(map(lambda s: s.upper(), "ab")), list(filter(lambda v: v % 2, range(9))))
