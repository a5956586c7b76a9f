# str indexing and slicing: negative indices, steps (including negative), out-of-range
# bounds clamp, empty results, reversal, and iteration over characters.
s = "abcdefghij"
print(s[0], s[-1], s[-10], s[5], s[len(s) - 1])
print(s[2:5], s[:3], s[7:], s[:], s[-3:], s[:-3], s[-5:-2], s[3:3], s[5:2])
print(s[::2], s[1::2], s[::-1], s[::-2], s[8:2:-1], s[8:2:-3], s[-1:-4:-1], s[2::-1])
print(s[100:], s[-100:], s[:100], s[-100:100], s[5:-100], s[100:0:-1], s[-100::-1], repr(s[10:]))
print(s[1:9:3], s[9:0:-4], s[::10], s[::11], s[::-10], s[0:0:-1], s[3:-3:2])
for step in (1, 2, 3, -1, -2, -3):
    print(step, [s[i::step] for i in (0, 4, -1)])
e = ""
print(repr(e[:]), repr(e[::-1]), repr(e[1:5]), len(e), repr(e[-1:]))
print([c for c in "hey"], list("abc"), tuple("ab"), [s[i] for i in range(0, len(s), 4)])
pal = "racecar"
print(pal == pal[::-1], "hello"[::-1], "ab"[::-1] * 2)
n = len(s)
print([s[i:i + 3] for i in range(0, n, 3)])
print([s[-i] for i in range(1, 4)], s[-len(s)], s[n // 2:], s[:n // 2])
a, b, *rest = "xyz12"
print(a, b, rest)
lo, hi, st = 2, 6, -3
print(s[lo:hi], s[::st], s[-4:None], s[None:None:None], s[lo:], s[:hi:st])
words = "alpha beta gamma".split()
print([w[1:-1] for w in words], [w[::-1] for w in words], [w[-2:] for w in words])
print("".join(s[i] for i in range(len(s) - 1, -1, -2)))
print(s.upper()[2:8:2], (s + s)[8:12], s[1:][1:][1:], s[::2][::2], s[::-1][::3])
