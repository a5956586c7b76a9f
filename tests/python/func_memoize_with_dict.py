# Memoization with dicts held in closures and default arguments: call counters via
# nonlocal, a decorator wrapper, a registry keyed by __name__, tuple keys, cache statistics.
registry = {}

def memoize(fn):
    cache = {}
    stats = {"hits": 0, "misses": 0}
    def wrapper(*args):
        if args in cache:
            stats["hits"] += 1
            return cache[args]
        stats["misses"] += 1
        value = fn(*args)
        cache[args] = value
        return value
    registry[fn.__name__] = (cache, stats)
    return wrapper

calls = 0
def slow_fib(n):
    global calls
    calls += 1
    return n if n < 2 else slow_fib(n - 1) + slow_fib(n - 2)

print(slow_fib(15), calls)

@memoize
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)

print(fib(15), registry["fib"][1], len(registry["fib"][0]))
print(fib(80), registry["fib"][1])
print([fib(i) for i in range(10)], registry["fib"][1]["hits"])

@memoize
def grid_paths(r, c):
    if r == 0 or c == 0:
        return 1
    return grid_paths(r - 1, c) + grid_paths(r, c - 1)

print(grid_paths(3, 3), grid_paths(10, 10), grid_paths(16, 16), registry["grid_paths"][1])
print(sorted(k for k in registry["grid_paths"][0] if k[0] == k[1])[:6])

def make_counter():
    count = 0
    def tick(step=1):
        nonlocal count
        count += step
        return count
    return tick

t = make_counter()
print(t(), t(), t(5), t(step=-2))

def edit_distance(a, b, memo=None):
    if memo is None:
        memo = {}
    key = (len(a), len(b))
    if key in memo:
        return memo[key]
    if not a or not b:
        d = len(a) + len(b)
    elif a[-1] == b[-1]:
        d = edit_distance(a[:-1], b[:-1], memo)
    else:
        d = 1 + min(edit_distance(a[:-1], b, memo), edit_distance(a, b[:-1], memo),
                    edit_distance(a[:-1], b[:-1], memo))
    memo[key] = d
    return d

for a, b in [("kitten", "sitting"), ("flaw", "lawn"), ("", "abc"), ("same", "same"), ("intention", "execution")]:
    print(f"{a!r:>12} -> {b!r:<12} {edit_distance(a, b)}")

collatz_memo = {1: 1}
def collatz_len(n, memo=collatz_memo):
    if n not in memo:
        memo[n] = 1 + collatz_len(n // 2 if n % 2 == 0 else 3 * n + 1)
    return memo[n]

best = max(range(1, 3000), key=collatz_len)
print(best, collatz_len(best), collatz_len(27), len(collatz_memo) > 3000)
squares = {}
def square(n, _cache=squares):
    if n not in _cache:
        _cache[n] = n * n
    return _cache[n]
print([square(i % 4) for i in range(8)], squares)
print(sorted(registry["fib"][0])[-3:], registry["fib"][0][(30,)], (31,) in registry["fib"][0])
