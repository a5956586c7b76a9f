# Concatenating and copying empty lists and tuples (an empty sequence may have no
# storage at all: the interpreter must not copy from it).
a = []
print(a + [1], [] + [], a.copy(), () + (), (1,) + (), [] * 3, a + a)
b = a.copy()
b.append(2)
print(a, b)
