# @staticmethod and @classmethod: alternative constructors, per-class counters that
# subclasses inherit or shadow, calling both through the class and an instance,
# cls being the subclass, and static helpers used from other methods.
class Date:
    def __init__(self, y, m, d):
        self.y, self.m, self.d = y, m, d

    @classmethod
    def from_string(cls, s):
        y, m, d = (int(part) for part in s.split("-"))
        return cls(y, m, d)

    @classmethod
    def from_tuple(cls, t):
        return cls(*t)

    @staticmethod
    def is_leap(y):
        return y % 4 == 0 and (y % 100 != 0 or y % 400 == 0)

    @staticmethod
    def days_in(y, m):
        if m == 2:
            return 29 if Date.is_leap(y) else 28
        return 30 if m in (4, 6, 9, 11) else 31

    def valid(self):
        return 1 <= self.m <= 12 and 1 <= self.d <= self.days_in(self.y, self.m)

    def iso(self):
        return f"{self.y:04d}-{self.m:02d}-{self.d:02d}"


d1 = Date.from_string("2024-2-29")
d2 = Date.from_tuple((2023, 2, 29))
print(d1.iso(), d1.valid(), d2.iso(), d2.valid())
print([Date.is_leap(y) for y in (1900, 2000, 2023, 2024)], d1.is_leap(2100))
print([Date.days_in(2023, m) for m in range(1, 13)])


class Stamp(Date):
    def iso(self):
        return "stamp:" + super().iso()


s = Stamp.from_string("1999-12-31")
print(type(s).__name__, s.iso(), s.valid(), isinstance(s, Date))


# Counters: cls.count += 1 creates a per-class attribute on first increment.
class Tracked:
    count = 0
    instances = []

    def __init__(self, label):
        self.label = label
        type(self).register(self)

    @classmethod
    def register(cls, obj):
        cls.count += 1
        cls.instances.append(f"{cls.__name__}:{obj.label}")

    @classmethod
    def report(cls):
        return (cls.__name__, cls.count)


class Special(Tracked):
    pass


class Separate(Tracked):
    instances = []


Tracked("a")
Tracked("b")
Special("c")
Separate("d")
Separate("e")
Special("f")
print(Tracked.report(), Special.report(), Separate.report())
print(Tracked.instances)
print(Separate.instances, Special.instances is Tracked.instances)
print(Special("g").report(), Tracked.count)


# Static and class methods stored and called later; accessed via instance.
class MathUtil:
    scale = 3

    @staticmethod
    def add(a, b):
        return a + b

    @classmethod
    def scaled(cls, x):
        return x * cls.scale

    def apply_all(self, xs):
        return [self.scaled(self.add(x, 1)) for x in xs]


class Bigger(MathUtil):
    scale = 100


ops = [MathUtil.add, Bigger.add]
print([op(2, 3) for op in ops], MathUtil.scaled(2), Bigger.scaled(2))
print(MathUtil().apply_all([1, 2]), Bigger().apply_all([1, 2]))
sc = Bigger.scaled
print(sc(7), list(map(MathUtil.scaled, [1, 2, 3])), sorted([3, -5, 1], key=MathUtil.scaled))


# Factory classmethods choosing a subclass; a registry built by a classmethod decorator helper.
class Shape:
    registry = {}

    @classmethod
    def register(cls, name):
        def deco(sub):
            cls.registry[name] = sub
            return sub
        return deco

    @classmethod
    def create(cls, name, *args):
        return cls.registry[name](*args)


@Shape.register("sq")
class Square(Shape):
    def __init__(self, s):
        self.s = s

    def area(self):
        return self.s * self.s


@Shape.register("rect")
class Rect(Shape):
    def __init__(self, w, h):
        self.w, self.h = w, h

    def area(self):
        return self.w * self.h


shapes = [Shape.create("sq", 3), Shape.create("rect", 2, 5), Square.create("sq", 1)]
print([(type(x).__name__, x.area()) for x in shapes], sorted(Shape.registry))
print(isinstance(Shape.__dict__["create"], classmethod), isinstance(MathUtil.__dict__["add"], staticmethod))
