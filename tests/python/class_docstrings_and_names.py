# Docstrings, names and modules of functions and classes, as CPython gives them.
class Shape:
    """A shape with an area."""

    def area(self):
        """The area, in square units."""
        return 0


class Square(Shape):
    def __init__(self, side):
        self.side = side

    def area(self):
        return self.side ** 2


def helper():
    "One line."
    return 1


def undocumented():
    return 2


print(Shape.__doc__, Square.__doc__, Square(2).__doc__)
print(Shape.area.__doc__, Square.area.__doc__)
print(helper.__doc__, undocumented.__doc__)
print(helper.__name__, helper.__qualname__, helper.__module__)
print(Square.area.__name__, Square.area.__qualname__, Square.__module__)


def outer():
    def inner():
        """Inner's doc."""
    class Local:
        pass
    return inner, Local


f, cls = outer()
print(f.__qualname__, f.__doc__, cls.__qualname__, cls.__name__)
print(sorted(k for k in vars(Square) if not k.startswith("__")))
print([k for k in Shape.__dict__ if k in ("area", "__doc__", "__module__")])
