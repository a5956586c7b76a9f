# recursion: factorial/fibonacci, depth-150 linear recursion, mutual recursion,
# recursive list/dict builders, permutations, Ackermann, Hanoi and flood-fill.
def fact(n):
    return 1 if n <= 1 else n * fact(n - 1)
print([fact(i) for i in range(13)], fact(20))
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)
print([fib(i) for i in range(20)])
def count_down(n):
    if n == 0:
        return 0
    return 1 + count_down(n - 1)
print(count_down(150), count_down(0))
def sum_list(xs):
    if not xs:
        return 0
    return xs[0] + sum_list(xs[1:])
print(sum_list(list(range(150))), sum(range(150)))
def is_even(n):
    return True if n == 0 else is_odd(n - 1)
def is_odd(n):
    return False if n == 0 else is_even(n - 1)
print(is_even(140), is_odd(141), is_even(7), [is_odd(k) for k in range(6)])
def flatten(x):
    if isinstance(x, list):
        out = []
        for item in x:
            out.extend(flatten(item))
        return out
    return [x]
print(flatten([1, [2, [3, [4, [5]]]], [], [[6, 7]], 8]))
def nest(n):
    return [] if n == 0 else [nest(n - 1)]
print(nest(4), len(str(nest(150))))
def perms(xs):
    if len(xs) <= 1:
        return [xs]
    out = []
    for i in range(len(xs)):
        for p in perms(xs[:i] + xs[i + 1:]):
            out.append([xs[i]] + p)
    return out
print(perms([1, 2, 3]), len(perms(list(range(6)))))
def subsets(xs):
    if not xs:
        return [[]]
    rest = subsets(xs[1:])
    return rest + [[xs[0]] + s for s in rest]
print(sorted(subsets(["a", "b", "c"]), key=lambda s: (len(s), s)))
def ackermann(m, n):
    if m == 0:
        return n + 1
    if n == 0:
        return ackermann(m - 1, 1)
    return ackermann(m - 1, ackermann(m, n - 1))
print([[ackermann(m, n) for n in range(4)] for m in range(3)], ackermann(2, 3))
moves = []
def hanoi(n, src, dst, via):
    if n == 0:
        return
    hanoi(n - 1, src, via, dst)
    moves.append(src + dst)
    hanoi(n - 1, via, dst, src)
hanoi(3, "A", "C", "B")
print(len(moves), moves)
moves = []
hanoi(10, "A", "C", "B")
print(len(moves), moves[:3], moves[-3:])
def gcd(a, b):
    return a if b == 0 else gcd(b, a % b)
print(gcd(1071, 462), gcd(17, 5), gcd(0, 9), gcd(2 ** 40, 6 ** 20))
def power(b, e):
    if e == 0:
        return 1
    half = power(b, e // 2)
    return half * half * (b if e % 2 else 1)
print(power(3, 13), 3 ** 13, power(2, 62), power(7, 0))
def binsearch(xs, target, lo, hi):
    if lo > hi:
        return -1
    mid = (lo + hi) // 2
    if xs[mid] == target:
        return mid
    if xs[mid] < target:
        return binsearch(xs, target, mid + 1, hi)
    return binsearch(xs, target, lo, mid - 1)
data = list(range(0, 1000, 3))
print([binsearch(data, t, 0, len(data) - 1) for t in (0, 3, 999, 500, 501, 996)])
grid = ["#########", "#..#....#", "#..#.##.#", "#....#..#", "######..#", "#.......#", "#########"]
cells = [list(row) for row in grid]
def fill(r, c):
    if cells[r][c] != ".":
        return 0
    cells[r][c] = "o"
    return 1 + fill(r + 1, c) + fill(r - 1, c) + fill(r, c + 1) + fill(r, c - 1)
print(fill(1, 1))
for row in cells:
    print("".join(row))
def tree_depth(t):
    return 0 if t is None else 1 + max(tree_depth(t[0]), tree_depth(t[2]))
def tree_insert(t, v):
    if t is None:
        return (None, v, None)
    left, val, right = t
    if v < val:
        return (tree_insert(left, v), val, right)
    return (left, val, tree_insert(right, v))
def inorder(t):
    return [] if t is None else inorder(t[0]) + [t[1]] + inorder(t[2])
t = None
for v in [50, 30, 70, 20, 40, 60, 80, 35, 45, 65]:
    t = tree_insert(t, v)
print(inorder(t), tree_depth(t))
chain = None
for v in range(120):
    chain = tree_insert(chain, v)
print(tree_depth(chain), len(inorder(chain)))
