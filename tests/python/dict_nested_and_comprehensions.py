# nested dicts, dict of lists, dict comprehensions (with conditions, nested loops),
# building structures incrementally and walking them recursively.
grid = {}
for r in range(3):
    for c in range(3):
        grid.setdefault(r, {})[c] = r * 3 + c
print(grid)
print(grid[1][2], grid.get(5, {}).get(0, "none"), [grid[i][i] for i in range(3)])
adj = {"a": ["b", "c"], "b": ["d"], "c": ["d", "e"], "d": [], "e": ["a"]}
rev = {k: [] for k in adj}
for src, dsts in adj.items():
    for dst in dsts:
        rev[dst].append(src)
print(rev)
deg = {k: (len(v), len(rev[k])) for k, v in adj.items()}
print(deg)
squares = {n: n * n for n in range(-3, 4)}
print(squares)
by_sq = {}
for n, s in squares.items():
    by_sq.setdefault(s, []).append(n)
print(by_sq)
pairs = {(i, j): i * j for i in range(1, 4) for j in range(1, 4) if i <= j}
print(pairs)
print(sorted(pairs.items(), key=lambda kv: kv[1])[-3:])
words = "the quick brown fox jumps over the lazy dog the end".split()
freq = {w: words.count(w) for w in words}
print(freq)
lens = {}
for w in words:
    lens.setdefault(len(w), []).append(w)
print({k: sorted(set_like) for k, set_like in sorted(lens.items())})
config = {"db": {"host": "localhost", "port": 5432, "opts": {"ssl": False}}, "debug": True}
def walk(obj, prefix):
    out = []
    if isinstance(obj, dict):
        for k in obj:
            out.extend(walk(obj[k], prefix + "." + k if prefix else k))
    else:
        out.append((prefix, obj))
    return out
for path, val in walk(config, ""):
    print(path, "=", repr(val))
def depth(obj):
    if isinstance(obj, dict):
        return 1 + max([depth(v) for v in obj.values()] + [0])
    if isinstance(obj, list):
        return max([depth(v) for v in obj] + [0])
    return 0
print(depth(config), depth({}), depth([{"a": [{"b": 1}]}]))
config["db"]["opts"]["ssl"] = True
config["db"]["replicas"] = [{"host": "r" + str(i)} for i in range(2)]
print(config)
flat = {k + "_" + kk: vv for k, v in {"p": {"x": 1, "y": 2}, "q": {"z": 3}}.items() for kk, vv in v.items()}
print(flat)
matrix = [[1, 2, 3], [4, 5, 6]]
cols = {j: [row[j] for row in matrix] for j in range(len(matrix[0]))}
print(cols, {j: sum(col) for j, col in cols.items()})
table = {name: {"score": score, "pass": score >= 50} for name, score in [("ann", 72), ("bob", 41), ("cy", 50)]}
print(table)
print([n for n, rec in table.items() if rec["pass"]], sum(rec["score"] for rec in table.values()))
copy2 = {k: dict(v) for k, v in table.items()}
copy2["ann"]["score"] = 0
print(table["ann"]["score"], copy2["ann"]["score"])
tally = {}
for i in range(100000):
    key = i % 7
    tally[key] = tally.get(key, 0) + i
print(tally)
