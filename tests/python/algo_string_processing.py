# string algorithms: word counts with dicts, run-length encoding, caesar cipher,
# palindromes, anagram groups, brackets matching, KMP search and a tiny tokenizer.
text = "the cat sat on the mat the end and the cat ran"
counts = {}
for w in text.split():
    counts[w] = counts.get(w, 0) + 1
print(counts)
print(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:3])
def rle(s):
    out = []
    i = 0
    while i < len(s):
        j = i
        while j < len(s) and s[j] == s[i]:
            j += 1
        out.append(s[i] + str(j - i))
        i = j
    return "".join(out)
def unrle(s):
    out = ""
    i = 0
    while i < len(s):
        ch = s[i]
        i += 1
        num = ""
        while i < len(s) and s[i] in "0123456789":
            num += s[i]
            i += 1
        out += ch * int(num)
    return out
for s in ("aaabccdddd", "", "abc", "z" * 12):
    print(repr(s), rle(s), unrle(rle(s)) == s)
ALPHA = "abcdefghijklmnopqrstuvwxyz"
def caesar(s, k):
    out = []
    for ch in s:
        low = ch.lower()
        if low in ALPHA:
            shifted = ALPHA[(ALPHA.find(low) + k) % 26]
            out.append(shifted.upper() if ch != low else shifted)
        else:
            out.append(ch)
    return "".join(out)
msg = "Hello, World! xyz"
enc = caesar(msg, 3)
print(enc, caesar(enc, -3), caesar(msg, 26) == msg, caesar(msg, -1))
def is_pal(s):
    cleaned = [c.lower() for c in s if c.lower() in ALPHA or c in "0123456789"]
    return cleaned == cleaned[::-1]
print([is_pal(s) for s in ("A man, a plan, a canal: Panama", "race a car", "", "No 'x' in Nixon", "12321", "1231")])
def longest_pal(s):
    best = ""
    for center in range(2 * len(s) - 1):
        lo = center // 2
        hi = lo + center % 2
        while lo >= 0 and hi < len(s) and s[lo] == s[hi]:
            lo -= 1
            hi += 1
        if hi - lo - 1 > len(best):
            best = s[lo + 1:hi]
    return best
print([longest_pal(s) for s in ("babad", "cbbd", "forgeeksskeegfor", "a", "abacdfgdcaba")])
groups = {}
for w in ["listen", "silent", "enlist", "google", "gooegl", "cat", "act", "tac", "dog"]:
    groups.setdefault("".join(sorted(w)), []).append(w)
print(groups)
print([g for g in groups.values() if len(g) > 1])
def balanced(s):
    pairs = {")": "(", "]": "[", "}": "{"}
    stack = []
    for ch in s:
        if ch in "([{":
            stack.append(ch)
        elif ch in pairs:
            if not stack or stack.pop() != pairs[ch]:
                return False
    return not stack
print([balanced(s) for s in ("()", "([]{})", "(]", "((", "", "{[()()]}", "}{", "a(b)c")])
def kmp_table(p):
    t = [0] * len(p)
    k = 0
    for i in range(1, len(p)):
        while k and p[i] != p[k]:
            k = t[k - 1]
        if p[i] == p[k]:
            k += 1
        t[i] = k
    return t
def kmp_find_all(s, p):
    t = kmp_table(p)
    out = []
    k = 0
    for i, ch in enumerate(s):
        while k and ch != p[k]:
            k = t[k - 1]
        if ch == p[k]:
            k += 1
        if k == len(p):
            out.append(i - k + 1)
            k = t[k - 1]
    return out
print(kmp_table("abababca"), kmp_find_all("abababababca", "abab"), kmp_find_all("aaaa", "aa"), kmp_find_all("abc", "d"))
print([i for i in range(len("abababababca")) if "abababababca"[i:].startswith("abab")])
def tokenize(src):
    tokens = []
    i = 0
    while i < len(src):
        ch = src[i]
        if ch == " ":
            i += 1
        elif ch in "0123456789":
            j = i
            while j < len(src) and src[j] in "0123456789.":
                j += 1
            tokens.append(("NUM", src[i:j]))
            i = j
        elif ch.lower() in ALPHA or ch == "_":
            j = i
            while j < len(src) and (src[j].lower() in ALPHA or src[j] in "_0123456789"):
                j += 1
            tokens.append(("NAME", src[i:j]))
            i = j
        elif src[i:i + 2] in ("**", "//", "==", "<=", ">="):
            tokens.append(("OP", src[i:i + 2]))
            i += 2
        else:
            tokens.append(("OP", ch))
            i += 1
    return tokens
print(tokenize("x1 = (y ** 2 // 3.5) >= foo_bar"))
print(" ".join(w[::-1] for w in "reverse each word".split()), " ".join(reversed("reverse word order".split())))
print("-".join(["a", "b"]) + "|" + "".join(str(i) for i in range(10)) + "|" + "ab" * 3)
s = "Mississippi"
print(s.lower().count("ss"), s.find("ss"), s.find("zz"), s.replace("ss", "SS", 1), s.split("s"), s.upper(), s.strip("Mi"))
vowels = {c: 0 for c in "aeiou"}
for ch in "the quick brown fox jumps over the lazy dog":
    if ch in vowels:
        vowels[ch] += 1
print(vowels, sum(vowels.values()))
print("%-6s|%6s|%03d" % ("ab", "cd", 7), "{:>5}|{:<5}|{:^7}".format("x", "y", "z"), f"{'pad':*>8}")
words = "one two three four five six seven".split()
print(max(words, key=len), min(words), sorted(words, key=lambda w: w[::-1]), [w[0] for w in words])
print(ALPHA[::5], ALPHA[-3:], ALPHA[3:6] * 2, len(ALPHA), "q" in ALPHA, ALPHA.find("q"))
