# A class that defines __eq__ without __hash__ has unhashable instances, as in Python.
class Point:
    def __init__(self, x):
        self.x = x

    def __eq__(self, other):
        return self.x == other.x


seen = {Point(1)}
