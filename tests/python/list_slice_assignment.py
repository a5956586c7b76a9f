# Slice assignment and slice deletion on lists, plain and extended, including a list
# assigned into itself.
a = list(range(10))
a[2:5] = ["x", "y"]
print(a)
a[::3] = [0, 0, 0]
print(a)
del a[1:3]
print(a)
del a[::2]
print(a)
b = [1, 2, 3]
b[1:1] = b
print(b)
b[:] = []
print(b)
c = list(range(8))
c[5:2] = [9]
del c[-2:]
c[-1:] = "ab"
print(c)
try_sizes = list(range(6))
try_sizes[::2] = "xyz"
print(try_sizes)
d = [1, 2, 3, 4]
del d[True]
print(d)
