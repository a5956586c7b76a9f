# dict insertion order after deletes and re-inserts, and keys/values/items views:
# iteration, membership, len, list()/sorted(), reversed(), enumerate and zip over a dict.
d = {}
for k in "hello world":
    d[k] = d.get(k, 0) + 1
print(list(d), list(d.values()))
d["h"] = 100
print(list(d.keys())[0], d["h"])
del d["h"]
d["h"] = 1
print(list(d))
print(len(d.keys()), len(d.values()), len(d.items()))
d["Z"] = 26
ks = d.keys()
vs = d.values()
its = d.items()
print(len(ks), "Z" in ks, 26 in vs, ("Z", 26) in its, ("Z", 25) in its)
print(list(ks)[-1], list(vs)[-1], list(its)[-1])
for k, v in d.items():
    if v > 1:
        print("repeat", repr(k), v)
print(sorted(d), sorted(d.items(), key=lambda kv: (-kv[1], kv[0]))[:4])
print(list(reversed(d))[:3], list(reversed(list(d.values())))[:3])
print(max(d, key=d.get), min(d.values()), sum(d.values()))
print([k for k in d if k != " "])
order = {3: "c", 1: "a", 2: "b"}
print(order, list(order.items()))
order[1] = "A"
print(order)
order.pop(3)
order[3] = "C"
print(order, list(order))
print(dict(sorted(order.items())), dict(sorted(order.items(), reverse=True)))
a = {"x": 1, "y": 2}
b = {"y": 2, "x": 1}
print(a == b, list(a) == list(b), list(a.items()) == list(b.items()))
merged = {}
for src in ({"a": 1}, {"b": 2, "a": 3}, {"c": 4}):
    merged.update(src)
print(merged)
pairs = list(zip(["one", "two", "three"], [1, 2, 3]))
zd = dict(pairs)
print(zd, [(v, k) for k, v in zd.items()])
e = enumerate(["p", "q"])
print(dict(e), dict(enumerate("xyz", start=10)))
nums = {i: i % 3 for i in range(10)}
print(nums)
only = {k: v for k, v in nums.items() if v == 0}
print(only, list(only.keys()), tuple(only.values()))
print(any(v > 1 for v in nums.values()), all(k >= 0 for k in nums), sum(k * v for k, v in nums.items()))
lst = list(nums.items())
print(lst[:3], lst[-2:], len(lst))
first3 = [k for i, k in enumerate(d) if i < 3]
print(first3, list(zip(d, d.values()))[:2])
