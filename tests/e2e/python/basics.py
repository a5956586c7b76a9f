# Build-time Python: the values, operators and builtins print exactly as CPython.
x = 7
y = 2
print(x + y, x - y, x * y, x / y, x // y, x % y, x ** y)
print(-7 // 2, -7 % 2, 7 // -2, 7 % -2, 2 ** -1)
print(7.5 // 2, -7.5 % 2, 1e16, 1e-5, 0.1 + 0.2, 1 / 3, 2.0, -0.0, 123456789.123)
print(True, False, None, True + 1, 3 == 3.0)
s = "hello"
print(s, repr(s), s.upper(), s[1:4], s[::-1], len(s), s * 2, "'" + s + "'")
print(repr("it's"), repr('say "hi"'), repr("tab\there\n"))
items = [3, 1, 2]
items.append(5)
items.extend([0])
print(items, sorted(items), sorted(items, reverse=True), items[-1], items[1:3])
print(tuple(items), (1,), (), [], {})
d = {"a": 1, "b": [1, 2], 3: "three"}
d["c"] = 4.5
print(d, d["b"], d.get("z", "missing"), list(d.keys()), len(d))
for k, v in d.items():
    print(k, "->", v)
print(list(range(5)), list(range(10, 0, -3)), sum(range(101)), min(4, 2, 8), max([1, 9, 3]))
print([i * i for i in range(6) if i % 2 == 0], {k: v for k, v in zip("abc", range(3))})
print(list(enumerate("xy", start=1)), list(zip([1, 2, 3], "ab")), abs(-4), abs(-2.5), round(2.5), round(3.14159, 2))
print(int("42") + 1, float("1.5"), str(12) + "3", bool([]), bool([0]), int(-3.9), divmod(-7, 2))
print("%d items cost %.2f (%s)" % (3, 9.5, "ok"), "{} and {:>5}|{:<4}|{:^7}|".format(1, "r", "l", "c"))
print(f"{x} + {y} = {x + y}", f"{3.14159:.3f}", f"{s!r}", f"{42:08.2f}", f"{1234567:,}", f"{255:#x}")
print(", ".join(["a", "b", "c"]), "a,b,,c".split(","), "  pad  ".strip(), "x".join("123"))
print(isinstance(3, int), isinstance("s", (int, str)), isinstance(True, int), 5 in [1, 5], "ell" in s)
a, *rest = [1, 2, 3, 4]
print(a, rest)
print(1 < 2 < 3, 1 < 2 > 3, not None, None is None, [] or "default", 0 and 1)
words = ["pear", "fig", "apple", "kiwi"]
words.sort(key=len)
print(words)
words.sort(reverse=True)
print(words, sorted(words, key=lambda w: w[-1]))
