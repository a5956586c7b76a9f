# super(): zero-argument and two-argument forms, cooperative __init__ through a
# diamond (each class runs once, in MRO order), super() in ordinary methods,
# classmethods and properties, and **kwargs passed along a cooperative chain.
log = []


class Root:
    def __init__(self):
        log.append("Root")

    def hello(self):
        return ["Root"]


class Left(Root):
    def __init__(self):
        log.append("Left>")
        super().__init__()
        log.append("Left<")

    def hello(self):
        return ["Left"] + super().hello()


class Right(Root):
    def __init__(self):
        log.append("Right>")
        super().__init__()
        log.append("Right<")

    def hello(self):
        return ["Right"] + super().hello()


class Child(Left, Right):
    def __init__(self):
        log.append("Child>")
        super().__init__()
        log.append("Child<")

    def hello(self):
        return ["Child"] + super().hello()


c = Child()
print(log)
print(c.hello())
# Two-argument super skips part of the chain.
print(super(Left, c).hello(), super(Child, c).hello(), super(Right, c).hello())
log.clear()
Right()
print(log, Right().hello())


# Cooperative keyword arguments: each level takes its own and forwards the rest.
class Shape:
    def __init__(self, **kw):
        self.extra = sorted(kw)

    def describe(self):
        return f"shape extra={self.extra}"


class Colored(Shape):
    def __init__(self, color="black", **kw):
        self.color = color
        super().__init__(**kw)

    def describe(self):
        return f"{self.color} " + super().describe()


class Sized(Shape):
    def __init__(self, size=1, **kw):
        self.size = size
        super().__init__(**kw)

    def describe(self):
        return f"size {self.size} " + super().describe()


class Widget(Colored, Sized):
    def __init__(self, name, **kw):
        self.name = name
        super().__init__(**kw)

    def describe(self):
        return f"{self.name}: " + super().describe()


w = Widget("w1", color="red", size=3, weight=9, shade="dark")
print(w.describe())
print(Widget("w2").describe())
print([k.__name__ for k in Widget.__mro__])


# super() in a classmethod and with a property in the parent.
class Base:
    factor = 2

    @classmethod
    def make(cls, n):
        return [cls.__name__, n * cls.factor]

    @property
    def label(self):
        return "base"


class Derived(Base):
    factor = 5

    @classmethod
    def make(cls, n):
        return ["derived"] + super().make(n + 1)

    @property
    def label(self):
        return "derived+" + super().label


print(Base.make(3), Derived.make(3), Derived().label, Base().label)


# A deeper linear chain, each level adding to a result; super() inside a loop body and a comprehension helper.
class L0:
    def total(self, x):
        return x


class L1(L0):
    def total(self, x):
        return super().total(x) * 2


class L2(L1):
    def total(self, x):
        acc = 0
        for i in range(3):
            acc += super().total(x + i)
        return acc


class L3(L2):
    def total(self, x):
        parent = super().total
        return [parent(v) for v in (x, x * 10)]


print(L1().total(1), L2().total(1), L3().total(1))


# super().__init__ with positional arguments and overridden attributes.
class Account:
    def __init__(self, owner, balance=0):
        self.owner = owner
        self.balance = balance

    def deposit(self, amount):
        self.balance += amount
        return self.balance


class Savings(Account):
    def __init__(self, owner, balance=0, rate=3):
        super().__init__(owner, balance)
        self.rate = rate

    def deposit(self, amount):
        bonus = amount * self.rate // 100
        return super().deposit(amount + bonus)


s = Savings("ann", 100)
print(s.deposit(200), s.deposit(50), s.owner, s.rate, Account("bob").deposit(7))
