# repr() escapes the code points str.isprintable() rejects (controls, format
# characters, separators other than the space, unassigned and private-use code
# points); ascii() escapes every non-ASCII one; str.format's !a and %a are ascii().
samples = ["\x00\x07\x1b\x7f", "\x80\x85\x9f", "\xa0\xa1\xad\xae\xff", "caf\xe9", "\u2000\u200a\u200b\u200d\u200e",
           "\u2028\u2029\u202f\u2060\u2066\u206f", "\ufeff\ufffd\ufffe\uffff", "\ue000\U000f0000", "\u0378\u0530",
           "\u3000\u1680\u180e", "\U0001f600\U0001f3f3\ufe0f", "\U000e0001\U000e0020", "tab\there\nnew\r",
           "quote's", 'dq"', "both'\"", "back\\slash", "\u0301\u0345", "日本語", "Ωμέγα", "\U00010000\U0010ffff"]
for s in samples:
    print(repr(s), ascii(s), len(repr(s)), len(ascii(s)), s.isprintable())
    print("{0!a} {0!r}".format(s), "{0!a}|{0!r}|{0!s}".format(s) == ascii(s) + "|" + repr(s) + "|" + s, "%a" % (s,))

# Inside containers, and for other types.
print(ascii(["é", ("ü", {"ß": "\u2028"})]), ascii(1.5), ascii(None), ascii(1 == 1.0), ascii("plain"))
print(repr(["\xa0", "\u2029"]), str(["\xa0"]), "{!a:>12}|{!r:<10}|".format("é", "ü"))
print("%-8a|%8a|%a" % ("é", "x", 3))

# The code points whose repr is escaped, as ranges: Latin-1, Greek, General
# Punctuation, and the end of the Basic Multilingual Plane.
for lo, hi in [(0x80, 0x400), (0x2000, 0x2070), (0xfe00, 0x10000), (0x1f000, 0x1f100)]:
    escaped = []
    start = None
    for c in range(lo, hi + 1):
        bad = c < hi and repr(chr(c))[1] == "\\"
        if bad and start is None:
            start = c
        if not bad and start is not None:
            escaped.append(hex(start) if start == c - 1 else hex(start) + "-" + hex(c - 1))
            start = None
    print(hex(lo), len(escaped), " ".join(escaped))

try:
    "{!x}".format(1)
except ValueError as e:
    print("ValueError:", e)
