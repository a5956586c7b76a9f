# Slicing a range gives a range, as CPython computes it; slice() objects index lists,
# strings and ranges.
r = range(0, 20, 2)
print(r[1:4], r[::3], r[::-1], r[-3:], range(10)[2:5], list(range(10)[::-2]), len(range(5, 100, 7)[3:]))
s = slice(1, 8, 2)
print(s, slice(3), [0, 1, 2, 3, 4, 5, 6, 7, 8][s], "abcdefgh"[slice(None, None, -1)], s.start if False else 0)
print(range(3)[slice(1, None)], r[slice(2)])
