# Set methods with sets, lists, ranges, dicts and strings as arguments; operators,
# comparisons, comprehensions and in-place updates seen through an alias.
a = {1, 2, 3, 4, 5}
b = [4, 5, 6, 7]
print(a.union(b), a.union(b, range(10, 13)), a.intersection(b), a.intersection(range(3), [2, 9]))
print(a.difference(b), a.difference(b, {1}), a.symmetric_difference(b), sorted(a.symmetric_difference({"x": 1, 5: 2}), key=str))
print(a.issubset(range(10)), a.issuperset([1, 2]), a.isdisjoint([9, 10]), a.isdisjoint((5,)))
c = set(a)
alias = c
c.update("ab", [10])
c.intersection_update([1, 2, 3, 10, "a", 99])
print(sorted(c, key=str), alias is c, len(alias))
c.difference_update([1], {2})
c.symmetric_difference_update(["a", 7, 8])
print(sorted(c, key=str))
d = {n % 7 for n in range(100) if n % 3}
print(d, len(d), max(d), min(d), sum(d), sorted(d, reverse=True))
print({1, 2} == {2, 1}, {1, 2} != {1, 2, 3}, {1} < {1, 2}, {1, 2} <= {1, 2}, {1, 2, 3} > {3}, {1} >= {2})
print(set(), set([]), set(range(0)), bool(set()), bool({0}), 0 in {0}, 1.0 in {1}, True in {1})
e = {3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5}
removed = []
while e:
    removed.append(e.pop())
print(removed, e)
f = {10, 20, 30}
f.remove(20)
f.discard(99)
f.add(40)
f.clear()
f.add(7)
print(f, f.copy(), set(f) == f)
g = {(x, y) for x in range(3) for y in range(3) if x != y}
print(g, len(g), (1, 0) in g)
words = "the quick brown fox jumps over the lazy dog the end".split()
print(len(set(words)), sorted(set(words)), sorted({w[0] for w in words}))
