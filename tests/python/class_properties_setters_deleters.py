# @property with getters, setters and deleters; validation raising ValueError;
# computed read-only properties (AttributeError on assignment); property() called
# directly; properties inherited and overridden; caching via a private attribute.
class Temperature:
    def __init__(self, celsius):
        self.celsius = celsius

    @property
    def celsius(self):
        return self._c

    @celsius.setter
    def celsius(self, value):
        if value < -273:
            raise ValueError(f"below absolute zero: {value}")
        self._c = value

    @property
    def fahrenheit(self):
        return self._c * 9 / 5 + 32

    @fahrenheit.setter
    def fahrenheit(self, f):
        self.celsius = (f - 32) * 5 / 9


t = Temperature(100)
print(t.celsius, t.fahrenheit)
t.fahrenheit = 32
print(t.celsius, t.fahrenheit)
t.celsius = -40
print(t.celsius, t.fahrenheit, t._c)
try:
    t.celsius = -300
except ValueError as e:
    print("rejected:", e)
print(t.celsius)
try:
    Temperature(-1000)
except ValueError as e:
    print("ctor rejected:", e.args)


class Circle:
    def __init__(self, r):
        self.r = r

    @property
    def area(self):
        return 3 * self.r * self.r


c = Circle(2)
print(c.area)
c.r = 5
print(c.area)
try:
    c.area = 10
    print("assigned?")
except AttributeError:
    print("area is read-only")
print(c.area, "area" in vars(c))


class Person:
    def __init__(self, first, last):
        self.first = first
        self.last = last
        self.log = []

    @property
    def full(self):
        self.log.append("get")
        return f"{self.first} {self.last}"

    @full.setter
    def full(self, value):
        self.log.append("set")
        self.first, self.last = value.split(" ")

    @full.deleter
    def full(self):
        self.log.append("del")
        self.first = self.last = ""


p = Person("Ada", "Lovelace")
print(p.full)
p.full = "Grace Hopper"
print(p.first, p.last, p.full)
del p.full
print(repr(p.full), p.log)


# property() called directly with fget/fset/fdel functions.
class Box:
    def __init__(self):
        self._items = []

    def _get(self):
        return len(self._items)

    def _set(self, n):
        self._items = list(range(n))

    def _del(self):
        self._items = []

    size = property(_get, _set, _del)


b = Box()
b.size = 4
print(b.size, b._items)
del b.size
print(b.size)


# Inherited properties; a subclass overrides the getter but reuses the parent's via super().
class Base:
    def __init__(self):
        self._v = 1

    @property
    def value(self):
        return self._v

    @value.setter
    def value(self, v):
        self._v = v * 10


class Sub(Base):
    @property
    def value(self):
        return -super().value


s = Sub()
bb = Base()
bb.value = 3
print(bb.value, s.value)
try:
    s.value = 2
except AttributeError:
    print("Sub.value has no setter")
print(isinstance(Base.value, property), type(Base.__dict__["value"]).__name__)


# A lazily computed, cached property.
class Lazy:
    calls = 0

    def __init__(self, n):
        self.n = n
        self._cache = None

    @property
    def squares(self):
        if self._cache is None:
            Lazy.calls += 1
            self._cache = [i * i for i in range(self.n)]
        return self._cache


z = Lazy(5)
print(z.squares, z.squares, Lazy.calls, sum(z.squares))
z._cache = None
print(len(z.squares), Lazy.calls)
