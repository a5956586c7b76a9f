# Inheritance and the C3 method resolution order: single inheritance overriding,
# a diamond, the classic 5-class hierarchy from the C3 paper, __mro__ and
# __bases__ names, issubclass/isinstance, and attribute lookup following the MRO.
def names(cls):
    return [c.__name__ for c in cls.__mro__]


class Animal:
    sound = "..."

    def speak(self):
        return f"{type(self).__name__} says {self.sound}"

    def legs(self):
        return 4


class Dog(Animal):
    sound = "woof"


class Bird(Animal):
    sound = "tweet"

    def legs(self):
        return 2


class Puppy(Dog):
    def speak(self):
        return Animal.speak(self) + "!"


for a in [Animal(), Dog(), Bird(), Puppy()]:
    print(a.speak(), a.legs())
print(names(Puppy))
print([b.__name__ for b in Puppy.__bases__], [b.__name__ for b in Animal.__bases__])
print(issubclass(Puppy, Animal), issubclass(Animal, Puppy), issubclass(Bird, Bird), issubclass(Dog, object))
print(isinstance(Puppy(), Dog), isinstance(Bird(), Dog), isinstance(Dog(), (Bird, Puppy)), isinstance(Dog(), (Bird, Animal)))


# The diamond: D(B, C), B(A), C(A). A comes last, after both B and C.
class A:
    def who(self):
        return "A"

    def tag(self):
        return "A.tag"


class B(A):
    def who(self):
        return "B"


class C(A):
    def who(self):
        return "C"

    def tag(self):
        return "C.tag"


class D(B, C):
    pass


class E(C, B):
    pass


print(names(D), names(E))
print(D().who(), D().tag(), E().who(), E().tag())


# The 5-class example (O = object): K1(A,B,C) K2(D,B,E) K3(D,A) Z(K1,K2,K3).
class O1:
    pass


class PA(O1):
    pass


class PB(O1):
    pass


class PC(O1):
    pass


class PD(O1):
    pass


class PE(O1):
    pass


class K1(PA, PB, PC):
    pass


class K2(PD, PB, PE):
    pass


class K3(PD, PA):
    pass


class Z(K1, K2, K3):
    pass


print(names(K1))
print(names(K2))
print(names(K3))
print(names(Z))


# Attribute lookup along the MRO: class attributes and methods found in the first class that has them.
class Base:
    x = "base-x"
    y = "base-y"

    def f(self):
        return "Base.f:" + self.x


class Left(Base):
    x = "left-x"


class Right(Base):
    y = "right-y"

    def f(self):
        return "Right.f:" + self.y


class Bottom(Left, Right):
    pass


bt = Bottom()
print(bt.x, bt.y, bt.f(), names(Bottom))
print(issubclass(Bottom, (Right, int)), issubclass(bool, int), isinstance(True, int))

# Inconsistent hierarchies are rejected with TypeError.
try:
    class Bad(A, B):
        pass
    print("created Bad")
except TypeError as exc:
    print("TypeError:", type(exc).__name__)

# Overriding __init__ and calling the parent's explicitly.
class Shape:
    def __init__(self, name):
        self.name = name

    def area(self):
        return 0


class Rect(Shape):
    def __init__(self, w, h):
        Shape.__init__(self, "rect")
        self.w, self.h = w, h

    def area(self):
        return self.w * self.h


class Square(Rect):
    def __init__(self, s):
        Rect.__init__(self, s, s)
        self.name = "square"


shapes = [Shape("blob"), Rect(2, 3), Square(4)]
print([(s.name, s.area()) for s in shapes], names(Square))
