# list/dict comprehensions and generator expressions: nested loops and filters,
# scoping of the loop variable, genexprs consumed by sum/any/all/sorted/min/max/join.
print([x * x for x in range(8)], [x for x in range(20) if x % 3 == 0 if x % 2 == 0])
print([(x, y) for x in range(3) for y in range(x)], [[x * y for y in range(3)] for x in range(3)])
print([c.upper() if c in "aeiou" else c for c in "comprehension"])
print({w: len(w) for w in "a bb ccc bb".split()}, {i % 3: i for i in range(10)})
x = "outer"
squares = [x for x in range(3)]
print(x, squares)
print(sum(x for x in range(101)), sum(x * x for x in range(10) if x % 2), sum((i for i in []), 100))
print(any(c == "q" for c in "quiz"), all(len(w) > 1 for w in ["ab", "cd"]))
print(sorted((w for w in "the quick brown fox".split()), key=len), sorted(-n for n in [3, 1, 2]))
print(min(abs(n - 7) for n in [1, 5, 10, 12]), max((len(s), s) for s in ["aa", "b", "cc"]))
print("-".join(str(n) for n in range(5)), ",".join(c for c in "abc" if c != "b"))
print(list(n for n in range(5)), tuple(n % 2 for n in range(5)), dict((k, k * 2) for k in "ab"))
matrix = [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
print([row[i] for i, row in enumerate(matrix)], [[row[j] for row in matrix] for j in range(3)])
print([v for row in matrix for v in row if v % 2], sum(sum(row) for row in matrix))
print([sum(col) for col in zip(*matrix)], max(max(row) for row in matrix))
gen = (i * 10 for i in range(4))
print(list(gen))
lazy_log = []
def tap(v):
    lazy_log.append(v)
    return v
print(any([tap(v) > 2 for v in [1, 2, 3, 4, 5]]), lazy_log)
print(any(v > 2 for v in [1, 2, 3]), all(v < 3 for v in [1, 2, 3]), any(v > 9 for v in []))
offset = 100
fns_out = [offset + i for i in range(3)]
print(fns_out, [[offset + i + j for j in range(2)] for i in range(2)])
def make(n):
    return [lambda k=k: k * n for k in range(n)]
print([f() for f in make(4)])
pyth = [(a, b, c) for c in range(1, 30) for b in range(1, c) for a in range(1, b) if a * a + b * b == c * c]
print(pyth)
print(len([1 for _ in range(1000)]), sum(1 for i in range(100000) if i % 7 == 3))
words = ["Level", "noon", "python", "Racecar", "abc", "wow"]
print([w for w in words if w.lower() == w.lower()[::-1]])
print({w.lower(): w.lower()[::-1] == w.lower() for w in words})
counts = {}
for c in "banana":
    counts[c] = counts.get(c, 0) + 1
print(counts, sorted(counts.items(), key=lambda kv: -kv[1]))
nested = [[[i + j + k for k in range(2)] for j in range(2)] for i in range(2)]
print(nested, [z for y in nested for x in y for z in x])
print([i for i in range(10)][::-2], [s[::-1] for s in ("abc", "de", "")])
print([(i, s) for i, s in enumerate("xyz") if i != 1], [a + b for a, b in zip("abc", "123")])
evens = [n for n in range(30) if not n % 2]
odds = [n for n in range(30) if n % 2]
print(len(evens), len(odds), sum(evens) - sum(odds), all(e + 1 in odds for e in evens))
print(sorted({k: v for k, v in zip("dcba", range(4))}.items()))
