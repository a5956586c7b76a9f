# Private names: __x inside a class is _Class__x (CPython's mangling), so a subclass's
# __x does not clash with its base's; dunder names and names outside classes are kept.
class Account:
    __fee = 2

    def __init__(self, owner, balance):
        self.owner = owner
        self.__balance = balance

    def __charge(self):
        self.__balance -= Account.__fee

    def withdraw(self, amount):
        self.__charge()
        self.__balance -= amount
        return self.__balance

    def __repr__(self):
        return f"Account({self.owner!r}, {self.__balance})"


class Savings(Account):
    def __init__(self, owner, balance):
        super().__init__(owner, balance)
        self.__balance = "separate"

    def peek(self):
        return self.__balance, self._Account__balance


a = Account("ann", 100)
print(a.withdraw(10), a, sorted(vars(a)))
print(hasattr(a, "__balance"), hasattr(a, "_Account__balance"), a._Account__fee)
s = Savings("sam", 50)
print(s.peek(), sorted(vars(s)))
try:
    a.__charge()
except AttributeError as e:
    print("AttributeError:", e)


def helper(__value):
    return __value * 2


print(helper(21), helper(__value=4))


class _Hidden:
    def __init__(self):
        self.__x = 1


class ___:
    def __init__(self):
        self.__y = 2


print(sorted(vars(_Hidden())), sorted(vars(___())))


class Outer:
    def __init__(self):
        self.__a = "outer"

    class Inner:
        def __init__(self):
            self.__a = "inner"

    def both(self):
        return sorted(vars(self)), sorted(vars(Outer.Inner()))


print(Outer().both())
