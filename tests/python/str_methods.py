# str methods: split/join/strip family/replace/find/count, startswith/endswith (with
# tuples), upper/lower, containment and ordering, repr quoting, text-processing idioms.
s = "  Hello, World! Hello!  "
print(repr(s.strip()), repr(s.lstrip()), repr(s.rstrip()), repr(s.strip(" !H")), repr("xxaxx".strip("x")))
print("a,b,,c".split(","), "a b  c ".split(), "".split(), "".split(","), "  ".split(" "))
print("a,b,c,d".split(",", 2), "a,b,c,d".split(",", 0), "one  two".split(" "), "x".split("x"), "a b c".split(None, 1))
print("l1\nl2\n\nl3\n".split("\n"), "\tx \n y\r\n".split(), "a::b::c".split("::"), "abc".split("abc"))
print("-".join(["a", "b", "c"]), "".join([]), ", ".join("xyz"), "+".join(str(i) for i in range(5)), "x".join(["only"]))
print("aaaa".replace("a", "b"), "aaaa".replace("a", "b", 2), "abc".replace("", "-"), "hello".replace("l", ""), "aaa".replace("aa", "b"))
t = "abracadabra"
print(t.find("bra"), t.find("zzz"), t.find(""), t.find("a"), t.find("abracadabrax"), "".find(""))
print(t.count("a"), t.count("bra"), t.count(""), "aaaa".count("aa"), "".count("x"), "".count(""))
print(t.startswith("abra"), t.endswith("bra"), t.endswith(("x", "ra")), t.startswith(("c", "d")), t.startswith(""), "".endswith(""))
print("MiXeD 123".upper(), "MiXeD 123".lower(), "".upper(), "a-Z_9".lower())
print("ab" * 3, 3 * "-", "" * 5, "x" * 0, "x" * -2, "ab" + "cd")
print("b" in "abc", "ac" in "abc", "" in "abc", "abc" < "abd", "Z" < "a", "abc" < "ab", "" < "a", "abc" not in "xabcx")
print(max("hello"), min("hello"), sorted("banana"), sorted("banana", reverse=True), "a,b" == "a," + "b")
print(str(12), str(-3.5), str([1, "a"]), str((1,)), str(None), repr("it's"), repr('say "hi"'), repr("both ' and \""))
print(repr("line\nbreak\ttab\\slash"), repr(""), str(""), len(repr("a\nb")), repr("\x00\x7f"), repr("é"))
words = "the quick brown fox jumps over the lazy dog".split()
print(len(words), max(words, key=len), min(words), sorted(words)[:3], " ".join(reversed(words)))
print(" ".join(w.upper() for w in words), "".join(w[0] for w in words).upper())
print(sorted(words, key=lambda w: (len(w), w)), sorted(words, key=lambda w: w[-1]))
print("%s|%5s|%-5s|%.2s" % ("x", "ab", "ab", "abcdef"), "a{}b{}c".format(1, [2]), "{0}{1}{0}".format("a", "b"))
print("{0:>{1}}|".format("r", 5), "{!r}".format("q"), "{0[1]}".format([5, 6]), "%-6.2f|%i" % (3.14159, 3))
csv = "name,age\nann,31\nbob,27\n"
rows = [line.split(",") for line in csv.strip().split("\n")]
print(rows, [r[0].upper() for r in rows[1:]], sum(int(r[1]) for r in rows[1:]))
text = "It was the best of times, it was the worst of times."
counts = {}
for w in text.lower().replace(",", "").replace(".", "").split():
    counts[w] = counts.get(w, 0) + 1
print(counts)
print(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:4])
line = "  key1 = value one ; key2= two;key3 =three  "
pairs = [p.split("=") for p in line.split(";")]
print([(k.strip(), v.strip()) for k, v in pairs])
print("".join(c for c in "a1b2c3" if c in "0123456789"), "".join(c.upper() if i % 2 else c for i, c in enumerate("alternate")))
print("/".join("usr/local//bin/".split("/")), [p for p in "usr/local//bin/".split("/") if p])
