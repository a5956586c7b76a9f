# Containers compare items with __eq__ (identity first), look keys up with __hash__
# and __eq__, and let an exception from either go on to the caller.
class Money:
    def __init__(self, cents):
        self.cents = cents

    def __eq__(self, other):
        if not isinstance(other, Money):
            return NotImplemented
        return self.cents == other.cents

    def __hash__(self):
        return hash(self.cents)

    def __repr__(self):
        return f"Money({self.cents})"


wallet = [Money(5), Money(10), Money(5), 7]
print(Money(10) in wallet, Money(3) in wallet, 7 in wallet)
print(wallet.index(Money(5)), wallet.count(Money(5)), wallet.count(7))
wallet.remove(Money(5))
print(wallet)
prices = {Money(100): "one dollar", Money(25): "a quarter"}
print(prices[Money(25)], Money(100) in prices, Money(1) in prices)
prices[Money(25)] = "two bits"
print(len(prices), prices)
print(sorted({Money(3), Money(1), Money(3), Money(2)}, key=lambda m: m.cents))
print([Money(1), Money(2)] == [Money(1), Money(2)], (Money(1),) == (Money(2),))


class Touchy:
    def __init__(self, name):
        self.name = name

    def __eq__(self, other):
        raise RuntimeError(f"{self.name} refuses to be compared")

    __hash__ = object.__hash__


crowd = [1, Touchy("bob"), 3]
for probe in (1, 3, 9):
    try:
        print(probe, "at", crowd.index(probe))
    except RuntimeError as e:
        print(probe, "->", e)
    except ValueError as e:
        print(probe, "->", e)
try:
    print(crowd.count(3))
except RuntimeError as e:
    print("count ->", e)
t = Touchy("ann")
print(t in [t], [t].index(t), [t].count(t))
