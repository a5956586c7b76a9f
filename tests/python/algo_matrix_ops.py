# Matrices as nested lists: transpose with zip(*m), products with comprehensions,
# identity, determinant by recursion, row reduction with fractions kept as floats.
def show(name, m):
    print(name)
    for row in m:
        print("  " + " ".join(f"{x:>6}" for x in row))

def transpose(m):
    return [list(r) for r in zip(*m)]

def matmul(a, b):
    bt = transpose(b)
    return [[sum(x * y for x, y in zip(row, col)) for col in bt] for row in a]

def identity(n):
    return [[1 if i == j else 0 for j in range(n)] for i in range(n)]

def det(m):
    if len(m) == 1:
        return m[0][0]
    total = 0
    for j, v in enumerate(m[0]):
        minor = [row[:j] + row[j + 1:] for row in m[1:]]
        total += (-1) ** j * v * det(minor)
    return total

a = [[1, 2, 3], [4, 5, 6]]
b = [[7, 8], [9, 10], [11, 12]]
show("a", a)
show("a^T", transpose(a))
show("a*b", matmul(a, b))
show("b*a", matmul(b, a))
sq = [[2, -1, 0], [-1, 2, -1], [0, -1, 2]]
print("det", det(sq), det(identity(4)), det([[1, 2], [2, 4]]))
print(matmul(sq, identity(3)) == sq, transpose(transpose(a)) == a)
p = identity(3)
for _ in range(3):
    p = matmul(p, sq)
show("sq^3", p)
print("trace", sum(p[i][i] for i in range(3)), "diag", [row[i] for i, row in enumerate(p)])
flat = [x for row in p for x in row]
print(flat, max(flat), min(flat))
scaled = [[x / 4 for x in row] for row in sq]
show("sq/4", scaled)
m = [[2.0, 1.0, -1.0], [-3.0, -1.0, 2.0], [-2.0, 1.0, 2.0]]
rhs = [8.0, -11.0, -3.0]
aug = [row[:] + [r] for row, r in zip(m, rhs)]
n = len(aug)
for col in range(n):
    piv = max(range(col, n), key=lambda r: abs(aug[r][col]))
    aug[col], aug[piv] = aug[piv], aug[col]
    for r in range(n):
        if r != col:
            f = aug[r][col] / aug[col][col]
            aug[r] = [x - f * y for x, y in zip(aug[r], aug[col])]
sol = [round(aug[i][n] / aug[i][i], 9) for i in range(n)]
print("solution", sol)
print("check", [round(sum(c * s for c, s in zip(row, sol)), 6) for row in m])
rot = [list(r) for r in zip(*a[::-1])]
show("rotated", rot)
