# A list or dict that contains itself prints [...] / {...} where it recurs, as CPython does.
a = [1, 2]
a.append(a)
d = {"k": 1}
d["self"] = d
t = (a, 3)
print(a, d, t, [d, [a]])
b = []
c = [b]
b.append(c)
print(b, c, len(str(b)))
