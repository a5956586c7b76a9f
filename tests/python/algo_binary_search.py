# Binary search variants on sorted lists: exact match, lower/upper bound, insertion with
# slice assignment, search on a monotone predicate (integer square root), loop counters.
def search(a, x):
    lo, hi = 0, len(a) - 1
    steps = 0
    while lo <= hi:
        steps += 1
        mid = (lo + hi) // 2
        if a[mid] == x:
            return mid, steps
        elif a[mid] < x:
            lo = mid + 1
        else:
            hi = mid - 1
    return -1, steps

def lower_bound(a, x):
    lo, hi = 0, len(a)
    while lo < hi:
        mid = (lo + hi) // 2
        if a[mid] < x:
            lo = mid + 1
        else:
            hi = mid
    return lo

def upper_bound(a, x):
    lo, hi = 0, len(a)
    while lo < hi:
        mid = (lo + hi) // 2
        if a[mid] <= x:
            lo = mid + 1
        else:
            hi = mid
    return lo

data = [1, 3, 3, 3, 5, 8, 13, 21, 21, 34, 55]
for x in [0, 1, 3, 4, 21, 55, 56]:
    idx, steps = search(data, x)
    lb, ub = lower_bound(data, x), upper_bound(data, x)
    print(f"x={x:>2} found={idx:>2} steps={steps} lb={lb:>2} ub={ub:>2} count={ub - lb}")

s = []
for v in [5, 1, 4, 1, 5, 9, 2, 6, 5, 3]:
    i = lower_bound(s, v)
    s[i:i] = [v]
    print(v, "->", s)
print(s == sorted([5, 1, 4, 1, 5, 9, 2, 6, 5, 3]))

def isqrt(n):
    lo, hi = 0, n + 1
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if mid * mid <= n:
            lo = mid
        else:
            hi = mid
    return lo

print([isqrt(n) for n in [0, 1, 2, 3, 4, 15, 16, 17, 99, 100, 10 ** 9, 2 ** 31 - 1]])
words = sorted("pear apple fig banana cherry date grape kiwi".split())
print(words)
for w in ["apple", "coconut", "kiwi", "zucchini", "a"]:
    i = lower_bound(words, w)
    print(w, i, i < len(words) and words[i] == w, words[i - 1:i + 1])
big = list(range(0, 3000, 3))
print(max(search(big, v)[1] for v in big), search(big, 2997), search(big, 1000))
