# repr/str and comparisons of deeply nested containers count against the recursion
# limit, as CPython's do: RecursionError rather than a result (or minutes of work).


def nest(n, leaf, wrap):
    v = leaf
    for i in range(n):
        v = wrap(v)
    return v


def attempt(label, fn):
    try:
        r = fn()
        print(label, r if not isinstance(r, str) else len(r))
    except RecursionError as e:
        print(label, "RecursionError:", e)


wraps = [("list", lambda v: [v]), ("tuple", lambda v: (v, 1)), ("dict", lambda v: {"k": v})]
for name, wrap in wraps:
    for n in [3, 800, 1500, 100000]:
        a = nest(n, 0, wrap)
        b = nest(n, 0, wrap)
        attempt(f"{name} {n} str", lambda: str(a))
        attempt(f"{name} {n} repr", lambda: repr(a))
        attempt(f"{name} {n} ==", lambda: a == b)
        attempt(f"{name} {n} !=", lambda: a != b)
        attempt(f"{name} {n} in", lambda: a in [b])
        if name != "dict":
            attempt(f"{name} {n} <", lambda: a < b)


# The limit counts the calls already running.
def deep(k, value):
    if k:
        return deep(k - 1, value)
    return str(value)


v = nest(600, 0, lambda v: [v])
attempt("depth 100", lambda: deep(100, v))
attempt("depth 700", lambda: deep(700, v))


# An instance's __repr__ is one more level and its frame another (which of the two
# reaches the limit first depends on how CPython counts frames: only the type is shown).
class Node:
    def __init__(self, child):
        self.child = child

    def __repr__(self):
        return "Node(" + repr(self.child) + ")"


attempt("node 100", lambda: repr(nest(100, None, Node)))
try:
    repr(nest(2000, None, Node))
except RecursionError as e:
    print("node 2000", type(e).__name__)
attempt("print", lambda: print(nest(5000, "x", lambda v: [v])))
attempt("f-string", lambda: f"{nest(5000, 1, lambda v: (v,))}")
x = nest(100000, 0, lambda v: [v])
x == x
print("identical: no comparison")
