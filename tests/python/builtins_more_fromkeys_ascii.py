# dict.fromkeys (reached through a dict: it is a class method) and the ascii() builtin.
d = {}.fromkeys("abc")
print(d, {}.fromkeys([3, 1, 2, 1], 0), {"x": 1}.fromkeys(range(3), "v"), {}.fromkeys([]))
print({}.fromkeys({"k1": 1, "k2": 2}), {}.fromkeys((x * x for x in range(4)), []), {}.fromkeys(["a", "b"], None))
shared = {}.fromkeys(["p", "q"], [])
shared["p"].append(1)   # one value object for every key, as in CPython
print(shared, shared["p"] is shared["q"])
counts = {}.fromkeys("hello world", 0)
for ch in "hello world":
    counts[ch] += 1
print(counts, list(counts))
src = {"keep": 1}
made = src.fromkeys("ab", 2)
print(src, made, made is src)
for attempt in [lambda: {}.fromkeys(), lambda: {}.fromkeys([1], 2, 3), lambda: {}.fromkeys(1),
                lambda: {}.fromkeys([[1]]), lambda: {}.fromkeys("ab", value=1)]:
    try:
        print(attempt())
    except TypeError as e:
        print("TypeError:", e)

# ascii(): repr with non-ASCII escaped, for every kind of value.
values = ["plain", "café", "naïve 'q'", 'say "hi"', "日本", "\U0001f600", "\u2028", "\x00\t",
          ["é", ("ñ", 2)], {"ß": "ü"}, 3, -2.5, None, True, (), ("é",), range(3)]
for v in values:
    print(ascii(v), ascii(v) == repr(v), ascii(v).isascii())
print(ascii(ascii("é")), len(ascii("é" * 3)))

class Money:
    def __init__(self, amount):
        self.amount = amount

    def __repr__(self):
        return f"Money({self.amount}€)"

print(ascii(Money(5)), ascii([Money(1), "£"]), "{!a}".format(Money(2)), "%a" % Money(3))
