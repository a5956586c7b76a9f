# Callable objects (__call__) next to closures doing the same job: stateful
# accumulators, memoizing wrappers used as decorators, callable() checks, objects
# passed to map/sorted/filter as functions, methods captured in closures, and
# class-based decorators with arguments.
class Accumulator:
    def __init__(self, start=0):
        self.total = start
        self.calls = 0

    def __call__(self, x, *more):
        self.calls += 1
        self.total += x + sum(more)
        return self.total


def make_accumulator(start=0):
    total = start

    def add(x, *more):
        nonlocal total
        total += x + sum(more)
        return total
    return add


acc, clo = Accumulator(10), make_accumulator(10)
print([acc(i) for i in range(4)], [clo(i) for i in range(4)])
print(acc(1, 2, 3), clo(1, 2, 3), acc.calls, acc.total)
print(callable(acc), callable(clo), callable(Accumulator), callable(5), callable("s"), callable(len))


class Memo:
    def __init__(self, fn):
        self.fn = fn
        self.cache = {}
        self.misses = 0

    def __call__(self, n):
        if n not in self.cache:
            self.misses += 1
            self.cache[n] = self.fn(n)
        return self.cache[n]


@Memo
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)


print(fib(30), fib.misses, len(fib.cache), type(fib).__name__, fib.fn.__name__)
print(fib(31), fib.misses)


class Scale:
    def __init__(self, k):
        self.k = k

    def __call__(self, x):
        return x * self.k


class Above:
    def __init__(self, limit):
        self.limit = limit

    def __call__(self, x):
        return x > self.limit


print(list(map(Scale(3), [1, 2, 3])), list(filter(Above(2), [5, 1, 3, 2])), sorted([3, -4, 1], key=Scale(-1)))
pipeline = [Scale(2), lambda v: v + 1, Scale(10)]
val = 1
for stage in pipeline:
    val = stage(val)
print(val)


def compose(*fns):
    def run(x):
        for fn in reversed(fns):
            x = fn(x)
        return x
    return run


print(compose(Scale(2), Scale(5), abs)(-3), compose()(7))


# A decorator class taking arguments: __init__ gets the arguments, __call__ gets the function.
class Repeat:
    def __init__(self, times):
        self.times = times

    def __call__(self, fn):
        def wrapper(*args, **kw):
            return [fn(*args, **kw) for _ in range(self.times)]
        wrapper.__name__ = fn.__name__
        return wrapper


@Repeat(3)
def greet(name, punct="!"):
    return "hi " + name + punct


print(greet("bo"), greet("al", punct="?"), greet.__name__)


# Bound methods in closures and lists; a counter factory compared with a class.
class Stack:
    def __init__(self):
        self.items = []

    def push(self, x):
        self.items.append(x)
        return len(self.items)


st = Stack()
pushers = [st.push for _ in range(3)]
print([p(i * 10) for i, p in enumerate(pushers)], st.items)


def counter_factory():
    counts = {}

    def count(key):
        counts[key] = counts.get(key, 0) + 1
        return counts[key]
    return count, counts


count, counts = counter_factory()
for w in "the cat and the hat and the bat".split():
    count(w)
print(sorted(counts.items()), count("the"))

# Late binding in closures vs capturing through a default or an object.
late = [lambda: i for i in range(3)]
bound = [lambda i=i: i for i in range(3)]
objs = [Scale(i) for i in range(3)]
print([f() for f in late], [f() for f in bound], [o(1) for o in objs])


class Dispatcher:
    def __init__(self):
        self.handlers = {}

    def on(self, event):
        def register(fn):
            self.handlers.setdefault(event, []).append(fn)
            return fn
        return register

    def __call__(self, event, *args):
        return [h(*args) for h in self.handlers.get(event, [])]


bus = Dispatcher()


@bus.on("add")
def add_two(a, b):
    return a + b


@bus.on("add")
def concat(a, b):
    return str(a) + str(b)


bus.on("neg")(lambda a: -a)
print(bus("add", 2, 3), bus("neg", 4), bus("none"), sorted(bus.handlers))
