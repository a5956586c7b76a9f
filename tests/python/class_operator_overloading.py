# Operator overloading: a Fraction with + - * / // % ** and comparisons, mixed with
# ints through reflected operators (__radd__ ...), NotImplemented falling back to
# the other operand or raising TypeError; a Vector with @, unary ops, abs, and
# in-place operators (__iadd__ mutating vs. += falling back to __add__).
def gcd(a, b):
    while b:
        a, b = b, a % b
    return abs(a)


class Fraction:
    def __init__(self, num, den=1):
        if den == 0:
            raise ZeroDivisionError("zero denominator")
        if den < 0:
            num, den = -num, -den
        g = gcd(num, den) or 1
        self.num, self.den = num // g, den // g

    @staticmethod
    def lift(x):
        if isinstance(x, Fraction):
            return x
        if isinstance(x, int):
            return Fraction(x)
        return NotImplemented

    def __repr__(self):
        return f"Fraction({self.num}, {self.den})"

    def __str__(self):
        return str(self.num) if self.den == 1 else f"{self.num}/{self.den}"

    def __add__(self, o):
        o = Fraction.lift(o)
        if o is NotImplemented:
            return o
        return Fraction(self.num * o.den + o.num * self.den, self.den * o.den)

    __radd__ = __add__

    def __neg__(self):
        return Fraction(-self.num, self.den)

    def __sub__(self, o):
        o = Fraction.lift(o)
        return o if o is NotImplemented else self + -o

    def __rsub__(self, o):
        return Fraction.lift(o) - self

    def __mul__(self, o):
        o = Fraction.lift(o)
        if o is NotImplemented:
            return o
        return Fraction(self.num * o.num, self.den * o.den)

    def __rmul__(self, o):
        return self * o

    def __truediv__(self, o):
        o = Fraction.lift(o)
        return Fraction(self.num * o.den, self.den * o.num)

    def __rtruediv__(self, o):
        return Fraction.lift(o) / self

    def __floordiv__(self, o):
        o = Fraction.lift(o)
        return (self.num * o.den) // (self.den * o.num)

    def __mod__(self, o):
        o = Fraction.lift(o)
        return self - o * (self // o)

    def __pow__(self, n):
        if n < 0:
            return Fraction(self.den ** -n, self.num ** -n)
        return Fraction(self.num ** n, self.den ** n)

    def __eq__(self, o):
        o = Fraction.lift(o)
        if o is NotImplemented:
            return o
        return self.num == o.num and self.den == o.den

    def __lt__(self, o):
        o = Fraction.lift(o)
        return self.num * o.den < o.num * self.den

    def __gt__(self, o):
        return Fraction.lift(o) < self

    def __le__(self, o):
        return self == o or self < o

    def __hash__(self):
        return hash((self.num, self.den))


h, t = Fraction(1, 2), Fraction(1, 3)
print(h + t, h - t, h * t, h / t, t - h, -h, h ** 2, t ** -2)
print(h + 1, 1 + h, 2 - h, 3 * t, 1 / t, h // t, Fraction(7, 2) % 1, Fraction(-7, 2) // 1)
print(repr(h + t), [h, t, Fraction(4, 8)], str(Fraction(6, 3)), Fraction(3, -6))
print(h == Fraction(2, 4), h == 0.5, h != t, h < t, t < h, t <= t, h > t, h >= t, 2 > h)
try:
    print(h >= 1)
except TypeError as e:
    print("TypeError:", e)
print(sorted([Fraction(3, 4), h, t, Fraction(-1, 5), 1]), max(h, t), min([h, t, Fraction(1, 7)]))
total = sum([Fraction(1, n) for n in range(1, 6)], Fraction(0))
print(total, sum([h, h, h]), len({h, Fraction(2, 4), Fraction(1, 2)}), {h: "half"}[Fraction(3, 6)])
for bad in ("x", 1.5, None):
    try:
        h + bad
    except TypeError as e:
        print("TypeError:", e)
try:
    h < "x"
except (TypeError, AttributeError) as e:
    print(type(e).__name__)
try:
    Fraction(1, 0)
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)


class Vec:
    def __init__(self, *xs):
        self.xs = list(xs)

    def __repr__(self):
        return "Vec(" + ", ".join(repr(x) for x in self.xs) + ")"

    def __add__(self, o):
        return Vec(*[a + b for a, b in zip(self.xs, o.xs)])

    def __sub__(self, o):
        return Vec(*[a - b for a, b in zip(self.xs, o.xs)])

    def __mul__(self, k):
        if isinstance(k, Vec):
            return NotImplemented
        return Vec(*[a * k for a in self.xs])

    __rmul__ = __mul__

    def __matmul__(self, o):
        return sum(a * b for a, b in zip(self.xs, o.xs))

    def __neg__(self):
        return self * -1

    def __pos__(self):
        return Vec(*self.xs)

    def __abs__(self):
        return sum(a * a for a in self.xs)

    def __eq__(self, o):
        return isinstance(o, Vec) and self.xs == o.xs

    def __iadd__(self, o):
        for i, b in enumerate(o.xs):
            self.xs[i] += b
        return self


u, v = Vec(1, 2, 3), Vec(4, 5, 6)
print(u + v, v - u, u * 2, 3 * u, u @ v, -u, +u, abs(v), u == Vec(1, 2, 3), u != v)
try:
    u * v
except TypeError as e:
    print("TypeError:", e)
w = u
w += v
print(w is u, u, v)


class Frozen:
    def __init__(self, n):
        self.n = n

    def __add__(self, o):
        return Frozen(self.n + (o.n if isinstance(o, Frozen) else o))

    def __repr__(self):
        return f"Frozen({self.n})"


f = Frozen(1)
g = f
g += 5
g += Frozen(10)
print(f, g, f is g)
try:
    5 + f
except TypeError as e:
    print("TypeError:", e)
