# __repr__ vs __str__: which one print/str/repr/f-strings/containers use, str
# falling back to __repr__, !r/!s conversions, __format__ with custom format specs
# (and format()/str.format), %-formatting with %s and %r, and repr of nested data.
class Money:
    def __init__(self, cents, cur="EUR"):
        self.cents = cents
        self.cur = cur

    def __repr__(self):
        return f"Money({self.cents!r}, {self.cur!r})"

    def __str__(self):
        return f"{self.cents // 100}.{self.cents % 100:02d} {self.cur}"

    def __format__(self, spec):
        if spec == "":
            return str(self)
        if spec == "short":
            return f"{self.cents / 100:.0f}{self.cur[0]}"
        if spec.endswith("c"):
            width = int(spec[:-1] or 0)
            return f"{self.cents:>{width}}c"
        return format(self.cents / 100, spec)


m = Money(1234)
z = Money(5, "USD")
print(m, z)
print(str(m), repr(m), [m, z], (m,), {"price": m}, {m.cur: [z]})
print(f"{m}|{m!r}|{m!s}|{m:short}|{m:8c}|{m:c}|{m:>10.3f}|{z:.1f}")
print("{0} / {1!r} / {1:short} / {0:c}".format(m, z), "{} {!r}".format(z, m))
print("{p} costs {p:.2f}; {q!r}".format(p=m, q=z), format(m, "short"), format(z))
print("%s and %r" % (m, z), "%s" % m, "[%10s]" % "x", "%-6s|" % Money(1, "X"))


class OnlyRepr:
    def __init__(self, v):
        self.v = v

    def __repr__(self):
        return f"<OnlyRepr v={self.v}>"


class OnlyStr:
    def __str__(self):
        return "only-str"


o = OnlyRepr([1, "a"])
print(o, str(o), f"{o}", f"{o!s:>25}", [o])
print(OnlyStr(), str(OnlyStr()), f"{OnlyStr()}", "%s" % OnlyStr(), format(OnlyStr(), ""))
try:
    format(OnlyStr(), "10")
except TypeError as e:
    print("TypeError:", e)


class Node:
    def __init__(self, val, children=()):
        self.val = val
        self.children = list(children)

    def __repr__(self):
        if not self.children:
            return f"Node({self.val!r})"
        return f"Node({self.val!r}, {self.children!r})"

    def __str__(self):
        if not self.children:
            return str(self.val)
        return f"{self.val}(" + " ".join(str(c) for c in self.children) + ")"


tree = Node("root", [Node(1), Node("two", [Node(3.5), Node(None)]), Node([4])])
print(tree)
print(repr(tree))
print([tree.children[1]], str([Node("s")]), f"{tree.children[0]!r:>12}|")


# Inherited __repr__ using type(self).__name__, and a subclass overriding __str__ only.
class Base:
    def __init__(self, **kw):
        self.kw = kw

    def __repr__(self):
        inner = ", ".join(f"{k}={v!r}" for k, v in sorted(self.kw.items()))
        return f"{type(self).__name__}({inner})"


class Child(Base):
    def __str__(self):
        return "child with " + str(len(self.kw)) + " fields"


items = [Base(a=1), Child(b="x", a=[2]), Child()]
print(items)
print([str(i) for i in items], f"{items[1]}", f"{items[1]!r}")
print("%r|%s" % (items[0], items[2]), str(items[0]) == repr(items[0]))


# __format__ with alignment specs parsed by hand, used in a table.
class Cell:
    def __init__(self, text):
        self.text = text

    def __format__(self, spec):
        fill = "."
        if spec.startswith("<"):
            return self.text.ljust(int(spec[1:]), fill)
        if spec.startswith(">"):
            return self.text.rjust(int(spec[1:]), fill)
        return self.text.center(int(spec or len(self.text)), fill)


for name, qty in [("apple", 3), ("kiwi", 12), ("fig", 100)]:
    print(f"|{Cell(name):<8}|{Cell(str(qty)):>5}|{Cell(name[0]):5}|")
print("|{:7}|{:>4}|".format(Cell("mid"), Cell("r")), f"{Cell('x')}")
print(repr("quote's"), repr(['a"b', "c'd"]), str(None), repr(1.0), f"{3.14159!r:>10}")
