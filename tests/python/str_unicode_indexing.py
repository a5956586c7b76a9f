# Strings index, slice, search and pad by code point, not by UTF-8 byte.
s = "héllo wörld ☃!"
print(s[1], s[-2], s[::-1], s[1:4], s[::2], s[-3:], len(s), s.find("ö"), s.find("☃"), s.count("l"), "é".count(""))
print(f"[{'é':>3}] [{'日本':^6}] [{s:<16}]", "{:*>5}".format("ß"), "%5s|" % "né")
print("x".join("αβγ"), list("añb"), [c for c in "日本語"], "日本語"[1], "日本語"[::-1], "ab日"[2:])
for i, ch in enumerate("ç☃z"):
    print(i, ch, s.find(ch))
