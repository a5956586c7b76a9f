# Generator expressions run lazily: any() stops at the first true item, items are made
# as the loop asks, a break leaves the rest unmade, an exhausted generator stays empty;
# iter() and next() on lists.
log = []
def seen(x):
    log.append(x)
    return x
print(any(seen(x) > 2 for x in range(10)), log)
log.clear() if False else None
log2 = []
def f(x):
    log2.append(x)
    return x * x
g = (f(x) for x in range(5) if x != 2)
print(log2)
print(next(g), log2)
for v in g:
    print("got", v, log2)
    if v > 5:
        break
print(list(g), list(g))
it = iter([1, 2, 3])
print(next(it), next(it), list(it), next(it, "done"))
print(sum(x * y for x in range(4) for y in range(x)), all(x < 3 for x in [1, 2, 5, 0]))
h = (a + b for a in "ab" for b in "xy")
print(list(h), type(h).__name__ if False else 0)
k = [1, 2]
for x in k:
    if len(k) < 5:
        k.append(x * 10)
print(k, max(v for v in k), min((v for v in k), default=0) if False else 1, sorted(v % 3 for v in k))
