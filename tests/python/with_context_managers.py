# The with statement: __enter__/__exit__ call order, the `as` value being what
# __enter__ returns, __exit__ receiving (type, value, traceback) or three Nones,
# a truthy return suppressing the exception and a falsy one propagating it,
# nested with blocks, `with a as x, b as y` exiting in reverse, and return/break
# inside a with body still running __exit__.
events = []


class Tag:
    def __init__(self, name, suppress=False):
        self.name = name
        self.suppress = suppress

    def __enter__(self):
        events.append(f"enter {self.name}")
        return self.name.upper()

    def __exit__(self, exc_type, exc, tb):
        kind = exc_type.__name__ if exc_type is not None else None
        events.append(f"exit {self.name} {kind} {exc!r} tb={'set' if tb is not None else None}")
        return self.suppress


def flush(label):
    print(label)
    for e in events:
        print("   ", e)
    events.clear()


with Tag("a") as v:
    events.append(f"body {v}")
flush("plain")

with Tag("outer") as o, Tag("inner") as i:
    events.append(f"body {o} {i}")
flush("two managers in one with")

with Tag("s", suppress=True):
    events.append("before")
    raise ValueError("boom")
events.append("after suppressed block")
flush("suppressed")

try:
    with Tag("p"):
        {}["key"]
except KeyError as e:
    events.append(f"propagated {e!r}")
flush("propagated")

try:
    with Tag("x1"), Tag("x2", suppress=True), Tag("x3"):
        raise RuntimeError("mid")
    events.append("continued after x2 suppressed")
except RuntimeError:
    events.append("not reached")
flush("suppressed by the middle manager")

try:
    with Tag("n1"):
        with Tag("n2"):
            with Tag("n3", suppress=True):
                1 / 0
            events.append("n2 body continues")
            raise IndexError("n2 raises")
except IndexError as e:
    events.append(f"outer caught {type(e).__name__}")
flush("nested")


def early(kind):
    for i in range(3):
        with Tag(f"{kind}{i}") as name:
            if kind == "ret" and i == 1:
                return name
            if kind == "brk" and i == 1:
                break
            if kind == "cont":
                continue
            events.append("unreachable for cont")
    return "loop done"


for kind in ("ret", "brk", "cont"):
    events.append(f"result {early(kind)}")
flush("return/break/continue inside with")


class Resource:
    """__enter__ returns self; tracks open/closed state; __exit__ returns None."""
    opened = 0

    def __init__(self, name):
        self.name = name
        self.closed = False
        self.data = []

    def __enter__(self):
        Resource.opened += 1
        return self

    def __exit__(self, *exc_info):
        self.closed = True
        Resource.opened -= 1

    def write(self, x):
        if self.closed:
            raise ValueError("write to closed resource")
        self.data.append(x)


with Resource("r1") as r:
    r.write(1)
    r.write(2)
    print("inside:", r.name, r.closed, Resource.opened, r.data)
print("after:", r.closed, Resource.opened, r.data)
try:
    r.write(3)
except ValueError as e:
    print("ValueError:", e)


class Suppress:
    """Suppresses only the listed exception types, like contextlib.suppress."""

    def __init__(self, *types):
        self.types = types
        self.caught = None

    def __enter__(self):
        return self

    def __exit__(self, t, v, tb):
        if t is not None and issubclass(t, self.types):
            self.caught = v
            return True
        return False


results = []
for thunk in (lambda: int("z"), lambda: [1][5], lambda: {}["q"], lambda: "ok"):
    try:
        with Suppress(ValueError, LookupError) as s:
            results.append(thunk())
        results.append(f"suppressed {type(s.caught).__name__}" if s.caught else "clean")
    except Exception as e:
        results.append(f"escaped {type(e).__name__}")
print(results)
try:
    with Suppress(KeyError):
        raise TypeError("not listed")
except TypeError as e:
    print("TypeError escaped:", e)


class Failing:
    def __enter__(self):
        raise RuntimeError("enter failed")

    def __exit__(self, *a):
        print("exit must not run")
        return True


try:
    with Tag("before"), Failing():
        print("body must not run")
except RuntimeError as e:
    events.append(f"caught {e}")
flush("enter raising")
