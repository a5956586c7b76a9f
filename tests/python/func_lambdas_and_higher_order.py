# lambdas and higher-order functions: map/filter/sorted/min/max with key=, functions
# returned and passed around, immediately-invoked lambdas, reduce written by hand.
sq = lambda x: x * x
add = lambda a, b=10: a + b
print(sq(7), add(1), add(1, 2), (lambda: "no args")(), (lambda *a, **k: (a, k))(1, z=2))
print(list(map(sq, range(6))), list(map(lambda a, b: a * b, [1, 2, 3], [4, 5, 6, 7])))
print(list(filter(lambda n: n % 3 == 0, range(20))), list(filter(None, [0, 1, "", "a", None, [], [0]])))
words = ["banana", "Apple", "cherry", "date", "Elderberry", "fig"]
print(sorted(words), sorted(words, key=lambda w: w.lower()), sorted(words, key=len))
print(sorted(words, key=lambda w: (len(w), w)), sorted(words, key=len, reverse=True))
print(max(words, key=len), min(words, key=lambda w: w[-1]), max([], default="empty"), min([5], default=0))
people = [("ann", 31), ("bob", 25), ("cy", 31), ("dee", 19)]
print(sorted(people, key=lambda p: p[1]), sorted(people, key=lambda p: (-p[1], p[0])))
def reduce_(fn, seq, init):
    acc = init
    for x in seq:
        acc = fn(acc, x)
    return acc
print(reduce_(lambda a, b: a + b, range(1, 11), 0), reduce_(lambda a, b: a * b, range(1, 11), 1))
print(reduce_(lambda acc, w: acc + [len(w)], words, []), reduce_(max, [3, 9, 2], -1))
def twice(f):
    return lambda x: f(f(x))
print(twice(sq)(3), twice(twice(lambda s: s + "!"))("hey"))
def curry(f):
    return lambda a: lambda b: f(a, b)
print(curry(lambda a, b: a - b)(10)(3), [curry(lambda a, b: a ** b)(2)(e) for e in range(5)])
ops = {"+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b, "//": lambda a, b: a // b}
print({name: fn(17, 5) for name, fn in ops.items()})
def rpn(tokens):
    stack = []
    for t in tokens.split():
        if t in ops:
            b = stack.pop()
            a = stack.pop()
            stack.append(ops[t](a, b))
        else:
            stack.append(int(t))
    return stack[0]
print(rpn("3 4 + 2 *"), rpn("100 7 // 3 -"), rpn("2 3 4 * +"))
pipeline = [lambda x: x + 1, lambda x: x * 3, str, lambda s: s * 2, len]
v = 4
for step in pipeline:
    v = step(v)
print(v)
print(list(map(str, [1, 2.5, None, True])), list(map(int, ["7", "-3", " 12 "])), list(map(len, ["", "ab", [1]])))
print(list(zip(*[(1, "a"), (2, "b"), (3, "c")])), list(map(list, zip("ab", "cd"))))
print(sum(map(sq, range(10))), any(map(lambda x: x > 8, [1, 9])), all(map(bool, [1, "x", [0]])))
keyed = sorted(range(-5, 6), key=abs)
print(keyed, sorted(range(-5, 6), key=lambda n: (abs(n), n < 0)))
stable = sorted([("b", 1), ("a", 1), ("c", 0), ("a", 0)], key=lambda t: t[1])
print(stable)
print((lambda x: "even" if x % 2 == 0 else "odd")(7), (lambda x, y: x if x > y else y)(3, 8))
fns = [abs, len, lambda s: s.upper(), sorted]
print([fn(arg) for fn, arg in zip(fns, [-3, "four", "up", "dcba"])])
print(list(map(lambda p: p[0] * p[1], enumerate([5, 6, 7]))))
identity = lambda x: x
print(identity(identity)(42), identity([1, 2]) == [1, 2], identity(None) is None)
nums = [4, -1, 7, 0, -8, 3]
print(sorted(nums, key=lambda n: -n), list(reversed(sorted(nums))), sorted(nums)[::-1] == sorted(nums, reverse=True))
