class Meters:
    def __init__(self, v):
        self.v = v
    def __float__(self):
        return self.v * 1.0
    def __int__(self):
        return int(self.v)
class Idx:
    def __index__(self):
        return 3
class Plain:
    pass
print(int(Meters(2.7)), float(Meters(2)), int(Idx()), float(Idx()))
for f in (int, float):
    try:
        f(Plain())
    except TypeError as e:
        print(e)


class Vector:
    def __init__(self, *xs):
        self.xs = xs

    def __abs__(self):
        return sum(x * x for x in self.xs) ** 0.5

    def __neg__(self):
        return Vector(*(-x for x in self.xs))

    def __pos__(self):
        return self

    def __invert__(self):
        return Vector(*reversed(self.xs))

    def __bool__(self):
        return any(self.xs)

    def __len__(self):
        return len(self.xs)

    def __repr__(self):
        return f"Vector{self.xs}"


v = Vector(3, 4)
print(abs(v), -v, +v is v, ~v, bool(v), bool(Vector(0, 0)), len(v))
print("truthy" if Vector(0, 1) else "falsy", "truthy" if Vector() else "falsy")
print(not v, [x for x in (Vector(0), Vector(1), Vector()) if x])
print(round(float(Meters(1.25)), 1), "%d and %.1f" % (int(Meters(7.9)), float(Meters(1))))
