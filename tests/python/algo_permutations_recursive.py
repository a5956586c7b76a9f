# Permutations, combinations and subsets by recursion: list building with slicing and +,
# tuples in sets, counting results, lexicographic next permutation in place.
def perms(items):
    if len(items) <= 1:
        return [items[:]]
    out = []
    for i in range(len(items)):
        rest = items[:i] + items[i + 1:]
        for p in perms(rest):
            out.append([items[i]] + p)
    return out

def combos(items, k):
    if k == 0:
        return [[]]
    if len(items) < k:
        return []
    first, rest = items[0], items[1:]
    return [[first] + c for c in combos(rest, k - 1)] + combos(rest, k)

def subsets(items):
    result = [[]]
    for x in items:
        result = result + [s + [x] for s in result]
    return result

p3 = perms([1, 2, 3])
print(len(p3), p3)
print(["".join(p) for p in perms(list("abc"))])
uniq = set(tuple(p) for p in perms([1, 1, 2]))
print(len(perms([1, 1, 2])), len(uniq), sorted(uniq))
print([len(perms(list(range(n)))) for n in range(6)])
for k in range(5):
    c = combos([1, 2, 3, 4], k)
    print(k, len(c), c)
s = subsets(["x", "y", "z"])
print(len(s), s)
print(sorted(s, key=lambda t: (len(t), t)))
sums = {}
for sub in subsets([1, 2, 3, 4, 5]):
    sums.setdefault(sum(sub), []).append(sub)
print([(t, len(v)) for t, v in sorted(sums.items())])
print("sum 7:", sums[7])

def next_perm(a):
    i = len(a) - 2
    while i >= 0 and a[i] >= a[i + 1]:
        i -= 1
    if i < 0:
        a.reverse()
        return False
    j = len(a) - 1
    while a[j] <= a[i]:
        j -= 1
    a[i], a[j] = a[j], a[i]
    a[i + 1:] = a[i + 1:][::-1]
    return True

a = [1, 2, 2, 3]
seen = [a[:]]
while next_perm(a):
    seen.append(a[:])
print(len(seen), seen[:5], seen[-1], a)
print(seen == sorted(set(tuple(p) for p in perms([1, 2, 2, 3]))) or [list(t) for t in sorted(set(tuple(p) for p in perms([1, 2, 2, 3])))] == seen)
