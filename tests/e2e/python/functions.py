# Functions: defaults (evaluated once), keywords, *args/**kwargs, closures, decorators.
def greet(name, greeting="hello", *, punctuation="!"):
    return greeting + ", " + name + punctuation


print(greet("ada"), greet("alan", "hi"), greet(greeting="hey", name="grace", punctuation="?"))


def collect(first, *args, **kwargs):
    return first, args, kwargs


print(collect(1), collect(1, 2, 3), collect(1, 2, x=3, y=4))
print(collect(*[1, 2], **{"z": 0}))


def make_counter():
    count = 0

    def increment(step=1):
        nonlocal count
        count += step
        return count

    return increment


counter = make_counter()
counter()
counter(5)
print(counter())


def trace_calls(fn):
    def wrapper(*args):
        print("calling", fn.__name__, "with", args)
        return fn(*args)

    return wrapper


@trace_calls
def add(a, b):
    return a + b


print(add(2, 3))

total = 0


def accumulate(values):
    global total
    for v in values:
        total += v
    return total


print(accumulate([1, 2, 3]), accumulate([10]), total)


def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)


print([fib(i) for i in range(12)])
square = lambda v: v * v
print(list(map(square, [1, 2, 3])), list(filter(lambda v: v % 2, range(7))))


def appender(item, bucket=[]):
    bucket.append(item)
    return bucket


appender(1)
print(appender(2))
i = 0
while True:
    i += 1
    if i == 2:
        continue
    if i > 4:
        break
    print("i =", i)
else:
    print("never printed")
for n in range(2):
    pass
else:
    print("for-else runs when no break")
