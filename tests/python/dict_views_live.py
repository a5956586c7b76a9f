# keys(), values() and items() are live views: they show later changes, print as
# dict_keys([...]), answer in and len, and keys/items views combine like sets.
d = {"a": 1, "b": 2}
k, v, it = d.keys(), d.values(), d.items()
print(k, v, it, len(k), "a" in k, 2 in v, ("b", 2) in it, ("b", 3) in it)
d["c"] = 3
del d["a"]
print(k, v, it, list(k), sorted(v), bool(k))
print(k & {"b", "z"}, k | {"q"} == {"b", "c", "q"}, sorted(k - {"c"}), it & {("b", 2)})
for key, val in d.items():
    print(key, val)
d.clear()
print(k, v, it, bool(it), len(v))
