# Run-length encoding and decoding of strings and lists: grouping by hand, str.join,
# digit parsing with isdigit, round trips, and a bit of list slicing.
def encode(s):
    out = []
    i = 0
    while i < len(s):
        j = i
        while j < len(s) and s[j] == s[i]:
            j += 1
        n = j - i
        out.append((str(n) if n > 1 else "") + s[i])
        i = j
    return "".join(out)

def decode(s):
    out = []
    num = ""
    for ch in s:
        if ch.isdigit():
            num += ch
        else:
            out.append(ch * (int(num) if num else 1))
            num = ""
    return "".join(out)

def runs(seq):
    result = []
    for x in seq:
        if result and result[-1][0] == x:
            result[-1][1] += 1
        else:
            result.append([x, 1])
    return [tuple(r) for r in result]

samples = ["", "a", "aaaa", "abc", "aabbbcccc", "WWWWWWWWWWWWBWWWWWWWWWWWWBBBWWWWWWWWWWWWWWWWWWWWWWWWBWWWWWWWWWWWWWW",
           "xyyzzzyyx", "  ..  ", "abbbbbbbbbbbbc"]
for s in samples:
    e = encode(s)
    d = decode(e)
    ratio = f"{len(e) / len(s):.2f}" if s else "n/a"
    print(repr(e), d == s, len(s), len(e), ratio)
print(runs([1, 1, 2, 2, 2, 3, 1, 1]))
print(runs("mississippi"))
print(runs([]), runs([0]), runs([True, 1, 1.0, 2]))
r = runs("aaabccddddd")
print(max(r, key=lambda t: t[1]), sorted(r, key=lambda t: (-t[1], t[0])))
expanded = [x for x, n in r for _ in range(n)]
print("".join(expanded))
print([(k, n) for k, n in runs(sorted("banana bandana"))])
bits = [0, 0, 0, 1, 1, 0, 1, 1, 1, 1, 0, 0]
lengths = [n for _, n in runs(bits)]
print(lengths, sum(lengths) == len(bits), bits[0])
rebuilt = []
b = bits[0]
for n in lengths:
    rebuilt += [b] * n
    b = 1 - b
print(rebuilt == bits, rebuilt[3:7], rebuilt[::-3])
