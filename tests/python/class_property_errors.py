# The AttributeError of a property lacking a getter, setter or deleter names it by the
# attribute it was set as in a class body (CPython's __set_name__), the last one.
class A:
    x = property()
try:
    A().x
except AttributeError as e:
    print(e)
def f(self):
    return 1
A.z = property(f)
try:
    A().z = 1
except AttributeError as e:
    print(e)
class B:
    @property
    def w(self):
        return 1
    v = w
try:
    B().v = 1
except AttributeError as e:
    print(e)
try:
    del B().w
except AttributeError as e:
    print(e)
