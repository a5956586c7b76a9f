# Character classes of non-ASCII text (isalpha, isdigit, isdecimal, isnumeric,
# isspace, isalnum, isupper, islower, istitle, isidentifier, isprintable, isascii).
samples = ["é", "É", "ß", "ǅ", "٣", "߁", "²", "½", "Ⅻ", "〇", "一", "ℕ", "ª", "ʰ", "\u0301", "a\u0301",
           "\u00a0", "\u2003", "\u3000", "\u0085", "\u2028", "\u200b", "\ufeff", "\x1c", "\x7f", "\xad",
           "Ꭰ", "ꭰ", "ⓐ", "Ⓐ", "𝐀", "𝟘", "🙂", "日本", "ﬁ", "µ", "_x", "x·y", "℘", "℮", "Ⅸx", "١٢٣", "x1", ""]
names = ["isalpha", "isdigit", "isdecimal", "isnumeric", "isspace", "isalnum", "isupper", "islower", "istitle",
         "isidentifier", "isprintable", "isascii"]
print(" ".join(n[2:7] for n in names))
for s in samples:
    flags = [getattr(s, n)() for n in names]
    print(" ".join("T" if f else "." for f in flags), ascii(s))

# Words that mix scripts and cases.
for s in ["Ǆemal", "ǅemal", "Éric Été", "ÉRIC", "éric", "Σίσυφος", "ΣΊΣΥΦΟΣ", "Ünïcödé Wörds", "日本Abc", "Abc日本Def"]:
    print(s, s.isupper(), s.islower(), s.istitle(), s.isalpha(), s.isidentifier())

# Unicode digits are decimal for int() and float(); other numerics are not.
for s in ["١٢٣", "٣.٥", "𝟙𝟚", "۱۰", "²", "½"]:
    for f in (int, float):
        try:
            print(ascii(s), f.__name__, f(s))
        except ValueError as e:
            print(ascii(s), f.__name__, "ValueError:", e)
