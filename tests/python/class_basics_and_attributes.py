# Class basics: __init__, instance vs class attributes, shadowing, methods calling
# methods, bound methods stored in variables, type()/__name__/__class__, isinstance.
class Counter:
    kind = "counter"
    created = 0

    def __init__(self, name, start=0):
        self.name = name
        self.value = start
        Counter.created += 1

    def bump(self, by=1):
        self.value += by
        return self

    def describe(self):
        return f"{self.name}={self.value} ({self.kind})"


a = Counter("a")
b = Counter("b", 10)
a.bump().bump(5).bump()
b.bump(-3)
print(a.describe(), b.describe(), Counter.created)
print(a.value, b.value, a.kind, Counter.kind)

# Instance attribute shadows the class attribute only for that instance.
b.kind = "special"
print(a.kind, b.kind, Counter.kind)
Counter.kind = "tally"
print(a.kind, b.kind)
del b.kind
print(b.kind)

# Bound methods remember their instance.
m = a.bump
m(100)
print(a.value, m().value)
f = Counter.describe
print(f(b))

# Type introspection.
print(type(a).__name__, a.__class__.__name__, Counter.__name__)
print(isinstance(a, Counter), isinstance(3, Counter), type(a) is Counter, type(a) == type(b))


class Empty:
    pass


e = Empty()
e.x = 1
e.y = [1, 2]
e.y.append(3)
print(e.x, e.y, hasattr(e, "x"), hasattr(e, "z"))
print(sorted(vars(e).items()))


class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def moved(self, dx, dy):
        return Point(self.x + dx, self.y + dy)

    def dist2(self, other):
        return (self.x - other.x) ** 2 + (self.y - other.y) ** 2

    def as_tuple(self):
        return (self.x, self.y)


pts = [Point(i, i * i) for i in range(5)]
print([p.as_tuple() for p in pts])
print([p.moved(1, -1).as_tuple() for p in pts[:3]])
origin = Point(0, 0)
print(sorted(p.dist2(origin) for p in pts))
far = max(pts, key=lambda p: p.dist2(origin))
print(far.as_tuple())
# Identity vs equality without __eq__: default equality is identity.
p1 = Point(1, 1)
p2 = Point(1, 1)
p3 = p1
print(p1 == p2, p1 == p3, p1 is p3, p1 != p2)
print(pts.index(pts[3]), pts.count(pts[2]), p2 in [p1, p3], p1 in [p2, p3])


# Methods defined with defaults and keyword arguments; class attributes as shared mutable state.
class Registry:
    items = []

    def add(self, item, *, tag="none"):
        self.items.append((item, tag))
        return len(self.items)


r1 = Registry()
r2 = Registry()
print(r1.add("x"), r2.add("y", tag="t"), r1.add(item="z", tag="u"))
print(Registry.items, r1.items is r2.items)
r1.items = ["own"]
print(r1.items, r2.items)


# Class body executes top to bottom; class attributes computed from earlier ones.
class Config:
    base = 10
    double = base * 2
    names = [n.upper() for n in ("a", "b")]

    def get(self):
        return self.base + self.double


print(Config.base, Config.double, Config.names, Config().get())
print(getattr(Config, "double"), getattr(Config(), "missing", "dflt"))
