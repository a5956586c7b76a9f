# dict methods: get, setdefault, update (dict/pairs/keywords), pop, copy, in/len/del,
# and that copy() is shallow while mutation through nested values is shared.
d = {"a": 1, "b": 2}
print(d, len(d), "a" in d, "z" in d, "z" not in d)
print(d.get("a"), d.get("z"), d.get("z", 0), d.get("b", 99))
print(d.setdefault("c", 3), d.setdefault("a", 100), d)
print(d.setdefault("n"), d)
del d["n"]
d.update({"b": 20, "d": 4})
print(d)
d.update([("e", 5), ("a", 10)])
print(d)
d.update(f=6, g=7)
print(d)
print(d.pop("g"), d.pop("zz", "missing"), d)
last = list(d)[-1]
print((last, d.pop(last)), d)
c = d.copy()
c["a"] = -1
print(d["a"], c["a"], c == d, c != d)
nested = {"xs": [1, 2], "m": {"k": 1}}
sh = nested.copy()
sh["xs"].append(3)
sh["m"]["k"] = 2
sh["new"] = True
print(nested, sh)
print({k: None for k in ["p", "q", "r"]}, {k: 0 for k in "ab"})
e = dict(a=1, b=2)
print(e, dict([(1, "one"), (2, "two")]), dict(e, c=3), dict(zip("xyz", range(3))))
for k in list(e):
    del e[k]
print(e, len(e), bool(e), bool({0: 0}))
keys = {1: "int", 1.5: "float", "1": "str", (1, 2): "tuple", None: "none", True: "bool?"}
print(keys)
print(keys[1], keys[True], keys[(1, 2)], keys[None], len(keys))
counts = {}
for ch in "mississippi":
    counts[ch] = counts.get(ch, 0) + 1
print(counts)
groups = {}
for w in ["apple", "avocado", "banana", "blueberry", "cherry", "apricot"]:
    groups.setdefault(w[0], []).append(w)
print(groups)
print({k: len(v) for k, v in groups.items()})
inv = {v: k for k, v in {"a": 1, "b": 2, "c": 1}.items()}
print(inv)
m = {"x": 1}
m["x"] += 5
m["y"] = m.get("y", 0) - 1
print(m, m == {"y": -1, "x": 6}, {1: 2} == {1: 2.0})
print(repr({"q": "it's", "s": 'say "hi"', "n": None, "f": 1.0, "l": [1, (2,)]}))
print(str({}), repr({1: {}}), {(): []})
big = {}
for i in range(1000):
    big[i] = i * i
for i in range(0, 1000, 2):
    del big[i]
print(len(big), big[999], sum(big.values()), list(big)[:5])
