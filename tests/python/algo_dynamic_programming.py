# dynamic programming with lists and dicts: fibonacci tables, coin change, LCS, edit
# distance, knapsack, longest increasing subsequence, grid paths and memoised recursion.
fib = [0, 1]
for i in range(2, 91):
    fib.append(fib[-1] + fib[-2])
print(fib[:12], fib[50], fib[90])
def coin_ways(coins, amount):
    ways = [1] + [0] * amount
    for c in coins:
        for a in range(c, amount + 1):
            ways[a] += ways[a - c]
    return ways[amount]
def min_coins(coins, amount):
    INF = amount + 1
    best = [0] + [INF] * amount
    for a in range(1, amount + 1):
        for c in coins:
            if c <= a and best[a - c] + 1 < best[a]:
                best[a] = best[a - c] + 1
    return best[amount] if best[amount] != INF else -1
print(coin_ways([1, 2, 5], 5), coin_ways([1, 5, 10, 25, 50], 100), coin_ways([2], 3), coin_ways([1, 2, 5, 10, 20, 50, 100, 200], 200))
print(min_coins([1, 2, 5], 11), min_coins([2], 3), min_coins([1, 3, 4], 6), min_coins([186, 419, 83, 408], 6249))
def lcs(a, b):
    m, n = len(a), len(b)
    t = [[0] * (n + 1) for _ in range(m + 1)]
    for i in range(m - 1, -1, -1):
        for j in range(n - 1, -1, -1):
            t[i][j] = t[i + 1][j + 1] + 1 if a[i] == b[j] else max(t[i + 1][j], t[i][j + 1])
    out = []
    i = j = 0
    while i < m and j < n:
        if a[i] == b[j]:
            out.append(a[i])
            i += 1
            j += 1
        elif t[i + 1][j] >= t[i][j + 1]:
            i += 1
        else:
            j += 1
    return t[0][0], "".join(out)
print(lcs("ABCBDAB", "BDCABA"), lcs("dynamic", "programming"), lcs("", "abc"), lcs("same", "same"))
def edit_distance(a, b):
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]
pairs = [("kitten", "sitting"), ("flaw", "lawn"), ("", "abc"), ("abc", ""), ("intention", "execution"), ("same", "same")]
print([edit_distance(a, b) for a, b in pairs])
def knapsack(items, cap):
    best = [0] * (cap + 1)
    choice = [[] for _ in range(cap + 1)]
    for w, v, name in items:
        for c in range(cap, w - 1, -1):
            if best[c - w] + v > best[c]:
                best[c] = best[c - w] + v
                choice[c] = choice[c - w] + [name]
    return best[cap], choice[cap]
items = [(12, 4, "a"), (2, 2, "b"), (1, 1, "c"), (1, 2, "d"), (4, 10, "e")]
print(knapsack(items, 15), knapsack(items, 0), knapsack(items, 5))
def lis(xs):
    best = [1] * len(xs)
    prev = [-1] * len(xs)
    for i in range(len(xs)):
        for j in range(i):
            if xs[j] < xs[i] and best[j] + 1 > best[i]:
                best[i] = best[j] + 1
                prev[i] = j
    if not xs:
        return 0, []
    k = max(range(len(xs)), key=lambda i: best[i])
    seq = []
    while k != -1:
        seq.append(xs[k])
        k = prev[k]
    return len(seq), seq[::-1]
print(lis([10, 9, 2, 5, 3, 7, 101, 18]), lis([]), lis([5, 4, 3]), lis(list(range(10))))
def grid_paths(rows, cols, blocked):
    t = [[0] * cols for _ in range(rows)]
    for r in range(rows):
        for c in range(cols):
            if (r, c) in blocked:
                t[r][c] = 0
            elif r == 0 and c == 0:
                t[r][c] = 1
            else:
                t[r][c] = (t[r - 1][c] if r > 0 else 0) + (t[r][c - 1] if c > 0 else 0)
    return t[-1][-1]
print(grid_paths(3, 3, {}), grid_paths(3, 7, {}), grid_paths(3, 3, {(1, 1): True}), grid_paths(17, 17, {}))
memo = {}
def partitions(n, k):
    if n == 0:
        return 1
    if n < 0 or k == 0:
        return 0
    key = (n, k)
    if key not in memo:
        memo[key] = partitions(n - k, k) + partitions(n, k - 1)
    return memo[key]
print([partitions(n, n) for n in range(1, 16)], partitions(60, 60), len(memo))
def max_subarray(xs):
    best = cur = xs[0]
    start = best_start = best_end = 0
    for i in range(1, len(xs)):
        if cur + xs[i] < xs[i]:
            cur = xs[i]
            start = i
        else:
            cur += xs[i]
        if cur > best:
            best, best_start, best_end = cur, start, i
    return best, xs[best_start:best_end + 1]
print(max_subarray([-2, 1, -3, 4, -1, 2, 1, -5, 4]), max_subarray([-3, -1, -2]), max_subarray([5]))
def climb(n, steps=(1, 2)):
    ways = {0: 1}
    for i in range(1, n + 1):
        ways[i] = sum(ways.get(i - s, 0) for s in steps)
    return ways[n]
print([climb(n) for n in range(10)], climb(50, steps=(1, 2, 3)))
tri = [[3], [7, 4], [2, 4, 6], [8, 5, 9, 3]]
best_row = tri[-1][:]
for row in reversed(tri[:-1]):
    best_row = [v + max(best_row[i], best_row[i + 1]) for i, v in enumerate(row)]
print(best_row)
collatz = {1: 1}
def clen(n):
    steps = 0
    path = []
    while n not in collatz:
        path.append(n)
        n = n // 2 if n % 2 == 0 else 3 * n + 1
    base = collatz[n]
    for i, v in enumerate(reversed(path)):
        collatz[v] = base + i + 1
    return collatz[path[0]] if path else base
longest = max(range(1, 30000), key=clen)
print(longest, clen(longest), clen(27), clen(1), len(collatz) > 30000)
for amount in range(0, 31, 5):
    print(amount, coin_ways([1, 2, 5, 10], amount), min_coins([1, 7, 10], amount), min_coins([4, 6], amount))
a, b = "sunday", "saturday"
table = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
for i in range(len(a) + 1):
    for j in range(len(b) + 1):
        if i == 0 or j == 0:
            table[i][j] = i + j
        else:
            table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + (a[i - 1] != b[j - 1]))
for row in table:
    print(" ".join("%2d" % v for v in row))
print(table[-1][-1] == edit_distance(a, b), edit_distance(b, a))
