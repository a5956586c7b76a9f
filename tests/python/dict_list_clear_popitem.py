# list.clear, dict.clear and dict.popitem (LIFO), including aliasing and reuse after clearing.

a = [1, 2, 3]
b = a
print(a.clear(), a, b, len(a))
a.append(4)
print(a, b)
a.clear()
a.clear()
print(a, a == [], bool(a))
nested = [[1, 2], [3]]
inner = nested[0]
nested.clear()
print(nested, inner)
big = list(range(100))
big.clear()
big.extend("xyz")
print(big, big.index("z"))

d = {"a": 1, "b": 2, "c": 3}
alias = d
print(d.popitem(), d, alias)
d["z"] = 26
print(d.popitem(), d.popitem(), d)
d["b"] = 20
d["a"] = 10
print(d, d.popitem(), d)
print(d.clear(), d, alias, len(d), bool(d))
d[1] = "one"
d[(2, 3)] = "tuple"
print(d, d.popitem(), d.popitem(), d)

e = {}
for i in range(20):
    e[i] = i * i
del e[19]
del e[18]
print(e.popitem(), len(e))
while len(e) > 15:
    print(e.popitem(), end=" ")
print()
e[99] = 0
print(e.popitem(), e.popitem(), list(e.keys()))
e.clear()
e["x"] = 1
e["y"] = 2
print(e, e.get("x"), "y" in e, 3 in e, e.popitem(), e)

pairs = []
f = {k: k.upper() for k in "hello"}
while f:
    pairs.append(f.popitem())
print(pairs, f)
g = dict(zip("abc", range(3)))
g.pop("c")
print(g.popitem(), g)
g.update({"q": 9})
print(g, g.popitem(), g.popitem(), g)
