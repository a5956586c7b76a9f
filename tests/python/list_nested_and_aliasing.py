# Aliasing and copying: shared references through assignment, [[0]*n]*m vs comprehension,
# shallow copies (slice, list(), copy()), += mutating in place vs + rebinding, is/==.
a = [1, 2, 3]
b = a
b.append(4)
print(a, b, a is b, a == b)
c = a[:]
d = list(a)
e = a.copy()
c.append("c")
d[0] = "d"
e.pop()
print(a, c, d, e, c is a, d == a)
grid_bad = [[0] * 3] * 3
grid_bad[0][0] = 1
grid_good = [[0] * 3 for _ in range(3)]
grid_good[0][0] = 1
print(grid_bad, grid_good, grid_bad[1] is grid_bad[2], grid_good[1] is grid_good[2])
outer = [[1, 2], [3, 4]]
shallow = outer[:]
shallow[0].append(99)
shallow[1] = ["new"]
print(outer, shallow)
deep = [row[:] for row in outer]
deep[0][0] = -1
print(outer, deep)
x = [1, 2]
y = x
x += [3]
print(x, y, x is y)
x = x + [4]
print(x, y, x is y)
t = (1, [2, 3])
t[1].append(4)
print(t, len(t), t[1] is t[-1])

def mutate(lst):
    lst.append("m")
    lst[0] = "changed"

def rebind(lst):
    lst = ["rebound"]
    return lst

m = [0, 1]
mutate(m)
r = rebind(m)
print(m, r)

def default_trap(item, bucket=[]):
    bucket.append(item)
    return bucket

print(default_trap(1), default_trap(2), default_trap(3, []), default_trap(4))
row = [0] * 2
table = [row, row, list(row)]
row[1] = 5
print(table, table[0] is table[1], table[0] is table[2])
nested = [1, [2, [3, [4, [5]]]]]
node = nested
depth = 0
while isinstance(node, list):
    depth += 1
    node = node[-1]
print(depth, node, nested[1][1][1][1][0], nested[-1][-1][0])
self_ref = [1, 2]
self_ref.append(len(self_ref))
print(self_ref, [self_ref[i] for i in self_ref if i < len(self_ref)])
names = ["a", "b"]
pairs = [names, names]
pairs[0] = pairs[0] + ["c"]
print(pairs, pairs[0] is names, pairs[1] is names)
m2 = [[i + j * 3 for i in range(3)] for j in range(3)]
transposed = [list(col) for col in zip(*m2)]
print(m2, transposed, [m2[i][i] for i in range(3)], [m2[i][2 - i] for i in range(3)])
rotated = [list(r) for r in zip(*m2[::-1])]
print(rotated, m2 == [list(r) for r in zip(*transposed)])
d1 = {"k": [1]}
d2 = dict(d1)
d2["k"].append(2)
d2["j"] = []
print(d1, d2, d1["k"] is d2["k"])
lst = [[]] * 2 + [[]]
lst[0].append("shared")
print(lst, [len(z) for z in lst])
