# List and tuple indexing/slicing: negative indices, all step signs, clamped bounds, empty
# slices, slices of slices, tuple slices staying tuples, and slicing inside loops.
a = list(range(10))
t = tuple(a)
print(a[0], a[-1], a[-10], t[3], t[-4], a[len(a) // 2])
cases = [(None, None, None), (2, 7, None), (None, None, -1), (8, 2, -2), (-3, None, None), (None, -3, None),
         (1, None, 3), (None, None, 4), (-1, -8, -3), (100, None, -1), (-100, 3, None), (5, 5, None), (7, 2, None),
         (3, -3, 2), (0, 0, -1), (None, 4, -1), (4, None, -1), (-2, None, -4)]
for lo, hi, st in cases:
    print(lo, hi, st, a[lo:hi:st], t[lo:hi:st], len(a[lo:hi:st]))
print([], [][::-1], [][1:], ()[:], (1,)[::-1], [1][5:], [1][-5:], (1, 2)[1:][0])
print(a[::2][::2], a[1:][1:][1:], a[::-1][::-1] == a, a[::-3][1:], t[2:][::-2])
print([a[i:i + 3] for i in range(0, len(a), 3)], [t[i::4] for i in range(4)])
w = 4
windows = [a[i:i + w] for i in range(len(a) - w + 1)]
print(len(windows), windows[0], windows[-1], [sum(x) for x in windows])
print(a[:3] + a[-3:], t[:2] + t[-2:], a[:0] + a[10:], (t[:1] * 3), a[-1:] * 2)
rot = 3
print(a[rot:] + a[:rot], a[-rot:] + a[:-rot], t[rot % len(t):] + t[:rot % len(t)])
nested = [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
print(nested[1:], nested[::-1], [r[::-1] for r in nested], nested[-1][-1], nested[0][1:], [r[1] for r in nested[::2]])
s = a[:]
s[0] = "x"
s[-1] = "y"
s[len(s) // 2] = "m"
print(s, a[0], a[-1])
idx = [-1, -2, 0, 3]
print([a[i] for i in idx], [t[i] for i in idx], [nested[i][i] for i in (-1, 0)])
pal = [1, 2, 3, 2, 1]
print(pal == pal[::-1], pal[:len(pal) // 2], pal[len(pal) // 2 + 1:], pal[:len(pal) // 2] == pal[:len(pal) // 2:-1])
b = list(range(20))
evens, odds = b[::2], b[1::2]
print(evens, odds, [x for pair in zip(evens, odds) for x in pair] == b, b[::5], b[-1::-5], b[3:17:4])
