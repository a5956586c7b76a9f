# str methods beyond the basics: character classes, case mapping, padding, partition,
# splitlines, searching with start/end, rsplit, removeprefix/removesuffix, expandtabs.

samples = ["", "abc", "ABC", "Abc", "aBC", "abc123", "123", "0", " ", " \t\n\r\x0b\x0c", "\x1c\x1f",
           "a b", "_x1", "1x", "x_", "Hello World", "Hello world", "HELLO World", "hello_World",
           "They're Bill's", "A1b", "A.B.C", "3.14", "-5", "+", "  ", "caf\u00e9 na\u00efve", "\u00e9"]

print("== classes ==")
for s in samples:
    if any(ord(c) > 127 for c in s):
        continue  # ASCII semantics only for letters and digits
    print(repr(s), s.isalpha(), s.isdigit(), s.isspace(), s.isalnum(), s.isupper(), s.islower(),
          s.isdecimal(), s.isnumeric(), s.isidentifier(), s.istitle())

print("== case ==")
for s in samples:
    if any(ord(c) > 127 for c in s):
        continue
    print(repr(s), repr(s.title()), repr(s.capitalize()), repr(s.swapcase()), repr(s.casefold()),
          repr(s.upper()), repr(s.lower()))
print(repr("hello   wORLD 2nd-place o'neil".title()))
print(repr("mIXED Case".capitalize()), repr("123abc".capitalize()), repr(" lead".capitalize()))
print(repr("caf\u00e9".upper()[:3]), repr("\u00e9t\u00e9".swapcase()[1]))

print("== padding ==")
for s in ["", "a", "ab", "abc", "caf\u00e9", "\u65e5\u672c"]:
    for w in [-1, 0, 1, 3, 4, 5, 6, 7]:
        print(repr(s), w, repr(s.center(w)), repr(s.ljust(w)), repr(s.rjust(w)), repr(s.zfill(w)),
              repr(s.center(w, "*")), repr(s.ljust(w, "\u00b7")), repr(s.rjust(w, "-")))
for s in ["42", "-42", "+42", "-", "+", "", "3.5", "--1", "a-1"]:
    print(repr(s), repr(s.zfill(5)), repr(s.zfill(1)), repr(s.zfill(True)))
print(repr("abc".center(6, "\u2605")), repr("x".center(4)), repr("xy".center(5)), repr("xyz".center(6)))

print("== partition ==")
for s in ["a=b=c", "abc", "", "=", "==", "key=", "=val", "\u00e9=\u00e8=x"]:
    print(repr(s), s.partition("="), s.rpartition("="), s.partition("=="), s.rpartition("b=c"))
print("caf\u00e9 au lait".partition("\u00e9"), "x->y->z".rpartition("->"))

print("== splitlines ==")
for s in ["", "a", "a\n", "a\nb", "a\r\nb\rc\nd", "\n", "\n\n", "\r\n\r\n", "a\r", "a\r\r\nb",
          "x\x0by\x0cz\x1cw\x1dv\x1eu", "\x1fnot a break", "tail\n\nend\n"]:
    print(repr(s), s.splitlines(), s.splitlines(True), s.splitlines(keepends=False), s.splitlines(keepends=1))


def show(lines):
    # U+0085, U+2028 and U+2029 by name (their repr escapes are not what is tested here)
    return [x.replace("\u2028", "<LS>").replace("\u2029", "<PS>").replace("\x85", "<NEL>") for x in lines]


u3 = "one\u2028two\u2029three\x85four\u00e9"
print(show(u3.splitlines()), show(u3.splitlines(True)), len(u3.splitlines(True)[0]))

print("== searching ==")
t = "abcabcabc"
for sub in ["", "a", "abc", "ca", "z", "cab", "abcabcabcabc"]:
    print(repr(sub), t.find(sub), t.rfind(sub), t.count(sub), t.startswith(sub), t.endswith(sub))
    for start, end in [(0, 9), (1, None), (3, 6), (-3, None), (-100, 100), (None, -3), (4, 2), (9, 9), (10, None),
                       (2, -2), (-4, -1), (True, False)]:
        r = [t.find(sub, start), t.find(sub, start, end), t.rfind(sub, start, end), t.count(sub, start, end),
             t.startswith(sub, start, end), t.endswith(sub, start, end)]
        if t.find(sub, start, end) >= 0:
            r.append(t.index(sub, start, end))
            r.append(t.rindex(sub, start, end))
        print("  ", start, end, r)
print(t.index("c"), t.rindex("c"), t.index("bc", 2), t.rindex("ab", 0, 5), t.index(""), t.rindex(""))
print("".find(""), "".rfind(""), "".count(""), "".find("", 1), "".count("", 1), "".startswith(""), "".endswith("", 0, 0))
print("abc".find("", 3), "abc".find("", 4), "abc".rfind("", 4), "abc".count("", 3), "abc".count("", 4), "abc".count("", 2, 1))

u = "h\u00e9llo w\u00f6rld \u65e5\u672c\u8a9e \u00e9"
print(len(u), u.find("\u00e9"), u.rfind("\u00e9"), u.index("w"), u.rindex("l"), u.find("\u672c"), u.count("\u00e9"))
print(u.find("l", 3), u.find("l", -8), u.rfind("l", 0, 4), u.count("l", 1, -5), u.find("\u00e9", 2), u.find("\u00e9", -1))
print(u.startswith("h\u00e9", 0), u.startswith("\u00e9l", 1), u.startswith("llo", 2, 5), u.startswith("llo", 2, 4),
      u.endswith("w\u00f6", 0, 8), u.endswith("\u65e5\u672c", None, -2), u.endswith("\u00e9", -1))
print("\u00e9\u00e9\u00e9".find("\u00e9", 1), "\u00e9\u00e9\u00e9".rfind("\u00e9", 0, 2), "\u00e9\u00e9\u00e9".count("", 1))

print("== startswith tuples ==")
for s in ["hello.py", "hello.txt", "README", "", "\u00e9t\u00e9"]:
    print(repr(s), s.startswith(("he", "RE")), s.endswith((".py", ".txt")), s.startswith(()), s.endswith(("",)),
          s.startswith(("x", "hello"), 0, 5), s.endswith(("ME", "py"), -3), s.startswith(("\u00e9t",)),
          s.endswith(("l",), 0, -2))

print("== rsplit ==")
for s in ["a b c", "  a  b  c  ", "", "   ", "one", "a\tb\nc\x1cd", "x,y,,z", ",a,", ",,"]:
    print(repr(s), s.rsplit(), s.rsplit(None, 1), s.rsplit(maxsplit=0), s.rsplit(","), s.rsplit(",", 1),
          s.rsplit(sep=",", maxsplit=2), s.split(None, 1), s.split(",", 1), s.rsplit(",", -1))
print("a::b::c".rsplit("::"), "a::b::c".rsplit("::", 1), ":::".rsplit("::"), "aaa".rsplit("aa"), "aaa".split("aa"))
print("\u00e9 \u00e8 \u00ea".rsplit(None, 1), "\u00e9x\u00e8x\u00ea".rsplit("x", 1))
print("  a b c  ".split(None, 1), "  a b c  ".rsplit(None, 1), "a b c  ".split(maxsplit=2), "  a b".rsplit(None, 5))

print("== removeprefix/removesuffix ==")
for s in ["prefix_body_suffix", "prefix", "suffix", "", "pre"]:
    print(repr(s), repr(s.removeprefix("prefix")), repr(s.removesuffix("suffix")), repr(s.removeprefix("")),
          repr(s.removesuffix("")), repr(s.removeprefix(s)), repr(s.removesuffix("x" + s)))
print(repr("caf\u00e9".removesuffix("\u00e9")), repr("\u00e9t\u00e9".removeprefix("\u00e9")))

print("== expandtabs ==")
for s in ["\t", "a\tb", "ab\tc\td", "abcdefgh\tx", "a\n\tb", "x\r\ty", "\u00e9\tx", "no tabs", "", "\t\t"]:
    print(repr(s), repr(s.expandtabs()), repr(s.expandtabs(4)), repr(s.expandtabs(1)), repr(s.expandtabs(0)),
          repr(s.expandtabs(-3)), repr(s.expandtabs(tabsize=3)))

print("== replace and strip ==")
print(repr("abc".replace("", "-")), repr("\u00e9\u00e8".replace("", "|")), repr("aaaa".replace("a", "b", 2)),
      repr("aaaa".replace("a", "b", -1)), repr("abc".replace("", "-", 2)))
print(repr(" \x1c x \x1f ".strip()), repr("xxhixx".strip("x")), repr("\t a \n".lstrip()), repr("\t a \n".rstrip()))
