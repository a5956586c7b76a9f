# Non-ASCII text: len counts code points, iteration yields whole characters, and
# split/replace/count/in/strip/join/comparisons on multi-byte characters (no indexing).
words = ["héllo", "naïve", "日本語", "emoji😀x", "Ωmega", "", "a"]
for w in words:
    print(repr(w), len(w), [c for c in w], list(w), w.count("l"), "l" in w, w + w)
s = "añb€c😀d"
chars = list(s)
print(len(s), chars, chars[1], chars[-2], "".join(chars[2:5]), "".join(reversed(chars)), "".join(chars[::3]))
print(s.count("€"), "€€€".count("€"), "😀" in s, "ñb" in s, "ñd" in s, s.startswith("añ"), s.endswith("😀d"))
print(s.replace("€", "EUR"), s.replace("😀", ""), "é-é-é".split("-"), "–".join(["a", "b"]), "a😀b😀".split("😀"))
print("ÑAÑA".startswith("Ñ"), "café".endswith("é"), "  ünï  ".strip(), "xéx".strip("x"), "ééaéé".strip("é"))
print("é" < "f", "é" > "z", "a" < "é", "日" > "本", sorted(["é", "e", "z", "日", "A"]), max("añ€"), min(["ü", "u"]))
print("é" * 3, len("é" * 3), "😀" + "😀", len("😀😀"), "ü" == "ü", "é" != "e")
total = 0
for ch in "日本語テキスト":
    total += 1
print(total, len("日本語テキスト"), [i for i, c in enumerate("日本語テキスト") if c == "テ"])
print(repr("tab\tü\n"), str("ü"), [repr(c) for c in "aé"], ("é",), {"ключ": "значение"}, ["€", 1])
print("\u00e9" == "é", "\u65e5", "\U0001F600", "\x41\101", len("\u00e9\u0301"), len("\U0001F600"))
print(f"{'日本'}|{'é'!r}|{len('ñ')}", "%s-%r" % ("ü", "ü"), "{}/{}".format("α", "β"))
freq = {}
for c in "mississippi ñañaña":
    freq[c] = freq.get(c, 0) + 1
print(freq)
print(sorted(freq, key=lambda k: (-freq[k], k)))
