# Deep recursion: 900 frames run; past CPython's limit (1000, counting the module)
# a RecursionError is raised, caught like any exception, and the program goes on.
def depth(n):
    return n if n == 900 else depth(n + 1)


print("reached", depth(1))


def probe(n):
    try:
        return probe(n + 1)
    except RecursionError:
        return n


print("deepest call:", probe(1))


def is_even(n):
    return True if n == 0 else is_odd(n - 1)


def is_odd(n):
    return False if n == 0 else is_even(n - 1)


print(is_even(500), is_odd(777))


def forever(n):
    return forever(n + 1) + 1


try:
    forever(0)
except RecursionError as e:
    print(type(e).__name__, "-", e)
    print(isinstance(e, RuntimeError))


def ackermann(m, n):
    if m == 0:
        return n + 1
    if n == 0:
        return ackermann(m - 1, 1)
    return ackermann(m - 1, ackermann(m, n - 1))


print([ackermann(2, n) for n in range(6)], ackermann(3, 3))


class Tree:
    def __init__(self, depth):
        self.child = Tree(depth - 1) if depth else None

    def height(self):
        return 1 + (self.child.height() if self.child else 0)


print("tree height", Tree(400).height())
after = [probe(0) for _ in range(3)]
print("still fine:", after)
