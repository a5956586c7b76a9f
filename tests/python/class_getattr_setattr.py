# Dynamic attributes: getattr/setattr/hasattr/delattr with defaults, vars() and
# __dict__, __getattr__ as a fallback only for missing names, __setattr__ overrides
# that validate or record and then store through object.__setattr__ or
# super().__setattr__, and delegation to a wrapped object.
class Plain:
    cls_attr = "shared"

    def __init__(self):
        self.a = 1


p = Plain()
setattr(p, "b", 2)
setattr(p, "a", getattr(p, "a") + 10)
print(p.a, p.b, getattr(p, "c", None), hasattr(p, "b"), hasattr(p, "cls_attr"), hasattr(p, "zz"))
print(sorted(vars(p)), sorted(p.__dict__.items()), "cls_attr" in vars(p), "cls_attr" in vars(Plain))
delattr(p, "b")
print(hasattr(p, "b"), sorted(vars(p)))
try:
    getattr(p, "nope")
except AttributeError as e:
    print("AttributeError:", e)
try:
    delattr(p, "nope")
except AttributeError:
    print("cannot delete missing attribute")
p.__dict__["direct"] = "via dict"
print(p.direct, getattr(p, "dir" + "ect"))
for name in ["x1", "x2", "x3"]:
    setattr(p, name, name.upper())
print([getattr(p, n) for n in sorted(vars(p)) if n.startswith("x")])


class Defaults:
    known = 5

    def __init__(self):
        self.real = "r"
        self.misses = []

    def __getattr__(self, name):
        # Only called when normal lookup fails; real and class attributes never get here.
        if name.startswith("_"):
            raise AttributeError(name)
        self.misses.append(name)
        return f"<{name}>"


d = Defaults()
print(d.real, d.known, d.whatever, d.other, getattr(d, "x", "dflt"), hasattr(d, "y"))
print(d.misses, hasattr(d, "_private"), getattr(d, "_p", "fallback"))
d.whatever = "now real"
print(d.whatever, d.misses)


class Strict:
    allowed = ("x", "y")

    def __init__(self, x, y):
        self.log = []
        self.x = x
        self.y = y

    def __setattr__(self, name, value):
        if name == "log":
            object.__setattr__(self, name, value)
            return
        if name not in self.allowed:
            raise AttributeError(f"cannot set {name!r}")
        if not isinstance(value, int):
            raise TypeError(f"{name} must be int, not {type(value).__name__}")
        self.log.append(f"{name}={value}")
        object.__setattr__(self, name, value)


s = Strict(1, 2)
s.x += 5
print(s.x, s.y, s.log)
for name, value in [("z", 1), ("x", "str"), ("y", 3.5)]:
    try:
        setattr(s, name, value)
    except (AttributeError, TypeError) as e:
        print(type(e).__name__ + ":", e)
print(s.log, sorted(vars(s)))


class Recorder:
    def __init__(self):
        super().__setattr__("history", [])

    def __setattr__(self, name, value):
        self.history.append((name, value))
        super().__setattr__(name, value)

    def __delattr__(self, name):
        self.history.append(("del", name))
        super().__delattr__(name)


r = Recorder()
r.a = 1
r.b = [2]
r.a = 3
del r.b
print(r.a, hasattr(r, "b"), r.history)


class Proxy:
    def __init__(self, target):
        object.__setattr__(self, "_target", target)
        object.__setattr__(self, "_reads", [])

    def __getattr__(self, name):
        self._reads.append(name)
        return getattr(self._target, name)

    def __setattr__(self, name, value):
        setattr(self._target, name, value)


class Engine:
    def __init__(self):
        self.rpm = 800

    def rev(self, n):
        self.rpm += n
        return self.rpm


eng = Engine()
px = Proxy(eng)
print(px.rpm, px.rev(200), eng.rpm)
px.rpm = 5
print(eng.rpm, px.rpm, px._reads, sorted(vars(px)), sorted(vars(eng)))
try:
    px.missing
except AttributeError as e:
    print("AttributeError:", e)


# getattr with method names: dispatch on strings.
class Calc:
    def op_add(self, a, b):
        return a + b

    def op_mul(self, a, b):
        return a * b

    def run(self, name, a, b):
        fn = getattr(self, "op_" + name, None)
        return fn(a, b) if fn is not None else f"no op {name}"


cal = Calc()
print([cal.run(n, 6, 7) for n in ("add", "mul", "pow")])
print(sorted(k for k in vars(Calc) if k.startswith("op_")), getattr(Calc, "op_add")(cal, 1, 2))
