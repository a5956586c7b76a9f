# closures: captured variables, nonlocal counters/accumulators, late binding of
# closures created in loops (and the default-argument fix), and global.
def make_counter(start=0, step=1):
    count = start
    def inc():
        nonlocal count
        count += step
        return count
    def get():
        return count
    return inc, get
inc, get = make_counter()
print(inc(), inc(), inc(), get())
inc2, get2 = make_counter(100, -10)
print(inc2(), inc2(), get2(), get())
def make_acc():
    items = []
    total = 0
    def add(x):
        nonlocal total
        items.append(x)
        total += x
        return total, len(items)
    return add
acc = make_acc()
print(acc(5), acc(10), acc(-3))
late = []
for i in range(4):
    late.append(lambda: i)
print([f() for f in late])
early = []
for i in range(4):
    early.append(lambda i=i: i)
print([f() for f in early])
comp_late = [lambda: j for j in range(3)]
comp_early = [lambda j=j: j * 10 for j in range(3)]
print([f() for f in comp_late], [f() for f in comp_early])
def make_multipliers():
    return [lambda x, n=n: x * n for n in range(1, 5)]
print([m(3) for m in make_multipliers()])
def outer():
    x = "outer"
    def middle():
        x = "middle"
        def inner():
            nonlocal x
            x = "inner-set"
            return x
        r = inner()
        return r, x
    r = middle()
    return r, x
print(outer())
def shared_cell():
    v = 0
    def setter(n):
        nonlocal v
        v = n
    def getter():
        return v
    return setter, getter
s, g = shared_cell()
s(42)
print(g())
s("changed")
print(g())
total_calls = 0
def bump():
    global total_calls
    total_calls += 1
    return total_calls
for _ in range(5):
    bump()
print(total_calls, bump())
def set_global_new():
    global created_later
    created_later = "made inside"
set_global_new()
print(created_later)
name = "module"
def reads_global():
    return name
def shadows():
    name = "local"
    return name
print(reads_global(), shadows(), name)
def fib_memo():
    memo = {0: 0, 1: 1}
    def fib(n):
        if n not in memo:
            memo[n] = fib(n - 1) + fib(n - 2)
        return memo[n]
    return fib, memo
fib, memo = fib_memo()
print(fib(50), len(memo), fib(10))
def compose(*fns):
    def composed(x):
        for fn in reversed(fns):
            x = fn(x)
        return x
    return composed
inc1 = lambda x: x + 1
dbl = lambda x: x * 2
print(compose(inc1, dbl)(5), compose(dbl, inc1)(5), compose()(7))
def adder(n):
    def add(x):
        return x + n
    return add
adders = {n: adder(n) for n in (1, 10, 100)}
print({k: f(1) for k, f in adders.items()})
def running_max():
    best = None
    def feed(x):
        nonlocal best
        if best is None or x > best:
            best = x
        return best
    return feed
feed = running_max()
print([feed(x) for x in [3, 1, 4, 1, 5, 9, 2, 6]])
def countdown_gen(n):
    state = [n]
    def nxt():
        if state[0] <= 0:
            return None
        state[0] -= 1
        return state[0] + 1
    return nxt
nx = countdown_gen(3)
print(nx(), nx(), nx(), nx(), nx())
def loop_closure_in_while():
    fns = []
    k = 0
    while k < 3:
        fns.append(lambda: k)
        k += 1
    return [f() for f in fns]
print(loop_closure_in_while())
