# Container protocols: __len__ __getitem__ __setitem__ __delitem__ __contains__,
# __iter__ returning a separate iterator object with __next__ raising StopIteration,
# an object that is its own iterator (exhausted after one pass), the legacy
# __getitem__-only iteration, and __bool__/__len__ driving truthiness.
class Grid:
    def __init__(self, w, h, fill=0):
        self.w, self.h = w, h
        self.cells = [fill] * (w * h)

    def __len__(self):
        return len(self.cells)

    def __getitem__(self, key):
        x, y = key
        if not (0 <= x < self.w and 0 <= y < self.h):
            raise IndexError(f"cell {key} out of range")
        return self.cells[y * self.w + x]

    def __setitem__(self, key, value):
        x, y = key
        self.cells[y * self.w + x] = value

    def __delitem__(self, key):
        self[key] = 0

    def __contains__(self, value):
        return value in self.cells

    def __iter__(self):
        return GridIter(self)

    def rows(self):
        return [self.cells[r * self.w:(r + 1) * self.w] for r in range(self.h)]


class GridIter:
    def __init__(self, grid):
        self.grid = grid
        self.i = 0

    def __iter__(self):
        return self

    def __next__(self):
        if self.i >= len(self.grid):
            raise StopIteration
        v = self.grid.cells[self.i]
        self.i += 1
        return v


g = Grid(3, 2)
g[0, 0] = 5
g[2, 1] = 7
g[1, 1] = g[0, 0] + g[2, 1]
print(len(g), g.rows(), g[1, 1], 12 in g, 99 in g, 99 not in g)
del g[0, 0]
print(g.rows(), list(g), sum(g), sorted(g, reverse=True), max(g))
try:
    g[5, 5]
except IndexError as e:
    print("IndexError:", e)
it = iter(g)
print(next(it), next(it), next(it), list(it), list(it), next(it, "done"))
print([v * 2 for v in g if v], dict(zip("abcdef", g)), list(enumerate(g))[-2:])
a, b, c, d, e, f = g
print(a, f, tuple(g), any(g), all(g))


class Countdown:
    """Its own iterator: a second pass yields nothing."""

    def __init__(self, n):
        self.n = n

    def __iter__(self):
        return self

    def __next__(self):
        if self.n <= 0:
            raise StopIteration
        self.n -= 1
        return self.n + 1


cd = Countdown(4)
print(list(cd), list(cd))
total = 0
for x in Countdown(5):
    if x == 2:
        break
    total += x
print(total, [x for x in Countdown(3)], list(zip(Countdown(3), Countdown(10))))


class Squares:
    """Only __getitem__: iteration stops at the first IndexError."""

    def __init__(self, n):
        self.n = n

    def __getitem__(self, i):
        if i >= self.n:
            raise IndexError(i)
        return i * i


print(list(Squares(5)), 9 in Squares(5), 10 in Squares(5), [s for s in Squares(3)])


class Bag:
    def __init__(self, items=()):
        self.counts = {}
        for it in items:
            self.add(it)

    def add(self, item):
        self.counts[item] = self.counts.get(item, 0) + 1

    def __len__(self):
        return sum(self.counts.values())

    def __contains__(self, item):
        return self.counts.get(item, 0) > 0

    def __iter__(self):
        out = []
        for k in sorted(self.counts):
            out.extend([k] * self.counts[k])
        return iter(out)

    def __getitem__(self, item):
        return self.counts.get(item, 0)

    def __delitem__(self, item):
        if item not in self.counts:
            raise KeyError(item)
        self.counts[item] -= 1
        if self.counts[item] == 0:
            del self.counts[item]


bag = Bag("mississippi")
print(len(bag), list(bag), bag["s"], bag["z"], "p" in bag, "q" in bag)
del bag["m"]
del bag["s"]
print(len(bag), "".join(bag), "m" in bag)
try:
    del bag["m"]
except KeyError as e:
    print("KeyError:", e)
print(bool(Bag()), bool(bag), "empty" if not Bag() else "full", len(Bag([1, 1, 2])))


class Flag:
    def __init__(self, on):
        self.on = on

    def __bool__(self):
        return self.on


print([bool(Flag(v)) for v in (True, False)], Flag(False) or "fallback", Flag(True) and "yes")
print([i for i, fl in enumerate([Flag(1 > 0), Flag(False), Flag(True)]) if fl])
while Flag(False):
    print("never")
print(not Flag(False), sorted([3, 1, 2], key=lambda k: Squares(5)[k]))
