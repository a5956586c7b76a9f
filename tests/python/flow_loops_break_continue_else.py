# while/for with break, continue and else clauses (else runs only without break),
# nested loops, loop variables after the loop, and a 10**5-iteration loop.
for i in range(5):
    if i == 3:
        break
else:
    print("for-else not reached")
print("after break i =", i)
for i in range(3):
    pass
else:
    print("for-else ran, i =", i)
for x in []:
    print("never")
else:
    print("empty for-else ran")
n = 0
while n < 10:
    n += 1
    if n % 2:
        continue
    if n == 8:
        break
else:
    print("while-else not reached")
print("while stopped at", n)
k = 3
while k > 0:
    k -= 1
else:
    print("while-else ran, k =", k)
def find_first(xs, pred):
    for idx, x in enumerate(xs):
        if pred(x):
            break
    else:
        return -1
    return idx
print(find_first([1, 3, 8, 5], lambda v: v % 2 == 0), find_first([1, 3], lambda v: v > 5), find_first([], bool))
primes = []
for cand in range(2, 50):
    for p in primes:
        if p * p > cand:
            primes.append(cand)
            break
        if cand % p == 0:
            break
    else:
        primes.append(cand)
print(primes)
pairs = []
for a in range(1, 6):
    for b in range(1, 6):
        if b < a:
            continue
        if a * b > 8:
            break
        pairs.append((a, b))
print(pairs)
found = None
for row in range(10):
    for col in range(10):
        if row * col == 42:
            found = (row, col)
            break
    else:
        continue
    break
print(found)
skipped = []
for ch in "a1b2c3-d4":
    if ch in "0123456789":
        continue
    if ch == "-":
        skipped.append("dash")
        continue
    skipped.append(ch)
print(skipped)
i = 0
total = 0
while True:
    i += 1
    if i > 100:
        break
    if i % 3 == 0 or i % 5 == 0:
        total += i
print(i, total)
acc = 0
for i in range(100000):
    acc += i % 7 - 3
print(i, acc)
count = 0
j = 0
while j < 100000:
    if j % 1000 == 0:
        count += 1
    j += 1
print(j, count)
x = 10
for x in range(x):
    x = x * 100
print(x)
words = ["alpha", "beta", "", "gamma", "stop", "delta"]
seen = []
for w in words:
    if not w:
        continue
    if w == "stop":
        break
    seen.append(w.upper())
else:
    seen.append("no stop")
print(seen)
for i, (a, b) in enumerate(zip("abc", [1, 2, 3])):
    print(i, a * b, end=" | ")
print()
for a, b in [(1, 2), (3, 4)]:
    for c in range(a, b + 1):
        print(c, end=",")
print("end")
stack = [1, [2, [3, [4]]], 5]
out = []
while stack:
    top = stack.pop()
    if isinstance(top, list):
        stack.extend(top)
        continue
    out.append(top)
print(out)
for idx in range(10, 0, -3):
    print(idx, end=" ")
print()
for idx in range(0):
    break
else:
    print("range(0) else")
nested_break_count = 0
for a in range(3):
    for b in range(3):
        for c in range(3):
            if c == b:
                break
            nested_break_count += 1
print(nested_break_count)
del x
x = "rebound"
print(x)
