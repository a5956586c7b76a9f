# hand-written sorts (insertion, selection, bubble, merge, quick, counting, heap)
# on deterministic pseudo-random data, all compared with sorted(); stability checks.
seed = 12345
def rand():
    global seed
    seed = (seed * 1103515245 + 12345) % 2147483648
    return seed // 65536
data = [rand() % 1000 for _ in range(300)]
print(data[:10], len(data), min(data), max(data))
def insertion(xs):
    xs = list(xs)
    for i in range(1, len(xs)):
        key = xs[i]
        j = i - 1
        while j >= 0 and xs[j] > key:
            xs[j + 1] = xs[j]
            j -= 1
        xs[j + 1] = key
    return xs
def selection(xs):
    xs = xs[:]
    for i in range(len(xs)):
        m = i
        for j in range(i + 1, len(xs)):
            if xs[j] < xs[m]:
                m = j
        xs[i], xs[m] = xs[m], xs[i]
    return xs
def bubble(xs):
    xs = xs[:]
    n = len(xs)
    passes = 0
    while True:
        swapped = False
        for i in range(n - 1):
            if xs[i] > xs[i + 1]:
                xs[i], xs[i + 1] = xs[i + 1], xs[i]
                swapped = True
        passes += 1
        n -= 1
        if not swapped:
            break
    return xs, passes
def merge_sort(xs, key=lambda v: v):
    if len(xs) <= 1:
        return list(xs)
    mid = len(xs) // 2
    left, right = merge_sort(xs[:mid], key), merge_sort(xs[mid:], key)
    out = []
    i = j = 0
    while i < len(left) and j < len(right):
        if key(right[j]) < key(left[i]):
            out.append(right[j])
            j += 1
        else:
            out.append(left[i])
            i += 1
    out.extend(left[i:])
    out.extend(right[j:])
    return out
def quick(xs):
    if len(xs) <= 1:
        return xs
    pivot = xs[len(xs) // 2]
    return quick([v for v in xs if v < pivot]) + [v for v in xs if v == pivot] + quick([v for v in xs if v > pivot])
def counting(xs, hi):
    counts = [0] * (hi + 1)
    for v in xs:
        counts[v] += 1
    out = []
    for v, c in enumerate(counts):
        out.extend([v] * c)
    return out
def heap_sort(xs):
    a = xs[:]
    n = len(a)
    def sift(start, end):
        root = start
        while 2 * root + 1 <= end:
            child = 2 * root + 1
            if child + 1 <= end and a[child] < a[child + 1]:
                child += 1
            if a[root] < a[child]:
                a[root], a[child] = a[child], a[root]
                root = child
            else:
                return
    for start in range((n - 2) // 2, -1, -1):
        sift(start, n - 1)
    for end in range(n - 1, 0, -1):
        a[0], a[end] = a[end], a[0]
        sift(0, end - 1)
    return a
expected = sorted(data)
b, passes = bubble(data)
results = {"insertion": insertion(data), "selection": selection(data), "bubble": b,
           "merge": merge_sort(data), "quick": quick(data), "counting": counting(data, 999), "heap": heap_sort(data)}
for name, res in results.items():
    print(name, res == expected, res[:5], res[-3:])
print("bubble passes", passes, "data unchanged", data[:3])
for small in ([], [1], [2, 1], [3, 3, 3], [5, 4, 3, 2, 1], [1, 2, 3, 4]):
    print(small, [f(small) for f in (insertion, selection, merge_sort, quick, heap_sort)] == [sorted(small)] * 5)
recs = [("k%d" % (rand() % 5), i) for i in range(20)]
by_merge = merge_sort(recs, key=lambda r: r[0])
by_builtin = sorted(recs, key=lambda r: r[0])
print(by_merge == by_builtin, by_merge[:6])
words = "pear Apple fig banana apple Fig cherry date".split()
print(sorted(words), sorted(words, key=lambda w: (w.lower(), w)), merge_sort(words, key=len))
def is_sorted(xs):
    return all(xs[i] <= xs[i + 1] for i in range(len(xs) - 1))
print(is_sorted(expected), is_sorted(data), is_sorted([]), is_sorted(sorted(data, reverse=True)[::-1]))
def kth_smallest(xs, k):
    pivot = xs[0]
    lo = [v for v in xs if v < pivot]
    eq = [v for v in xs if v == pivot]
    if k < len(lo):
        return kth_smallest(lo, k)
    if k < len(lo) + len(eq):
        return pivot
    return kth_smallest([v for v in xs if v > pivot], k - len(lo) - len(eq))
print([kth_smallest(data, k) for k in (0, 1, 149, 150, 299)], [expected[k] for k in (0, 1, 149, 150, 299)])
inv = 0
for i in range(len(data)):
    for j in range(i + 1, len(data)):
        if data[i] > data[j]:
            inv += 1
print("inversions", inv)
big = [rand() % 100000 for _ in range(2000)]
print(merge_sort(big) == sorted(big), sum(big), quick(big)[1000])
