# Unicode case mapping as CPython 3.11 does it: full mappings (one code point to
# several), titlecase letters, the final sigma of lower(), and casefold.
words = ["straße", "ﬁnance", "ǆungla", "ŉ", "İstanbul", "ΌΣΟΣ", "ΣΊΣΥΦΟΣ", "Σ", "ΑΣ.", "ΑΣ'Β", "ΑΣ' Β",
         "Ꭰ", "ꭰ", "ǅ", "ᾳ", "ᾼ", "Ǳ", "ǲ", "ÿ", "µ", "ΐ", "ﬃ", "ǰ", "Ⓐⓐ", "𐐀𐐨", "Ａｂｃ", "ΰ", "ẞ"]
for w in words:
    print(w, "|", w.upper(), w.lower(), w.casefold(), w.title(), w.swapcase(), w.capitalize(),
          len(w), len(w.upper()), len(w.lower()), len(w.casefold()))

# Final sigma: after a cased letter (skipping case-ignorable ones like ' and combining
# marks) and not before one.
for s in ["ΣΑΣ", "ΣΑΣ ΣΑΣ", "ΑΣ\u0301", "Α\u0301Σ", "Α'Σ", "ΑΣ'", "ΑΣ'Α", "1Σ", "Σ1", "AΣb", "AΣ", "ΣΣΣ"]:
    print(repr(s), repr(s.lower()), repr(s.title()), repr(s.swapcase()), repr(s.capitalize()))

# Case in mixed text: letters of other scripts, digits and symbols stay put.
text = "Ελληνικά, русский язык, español, Deutsch: Größe, ǈubljana, ﬂoß, 3½ ÷ ²"
print(text.upper())
print(text.lower())
print(text.title())
print(text.swapcase())
print(text.casefold())
print(text.capitalize())

# Comparing without case, the way casefold is meant to be used.
pairs = [("Straße", "STRASSE"), ("ﬁle", "FILE"), ("Σίσυφος", "ΣΊΣΥΦΟΣ"), ("Kelvin", "\u212aelvin"), ("é", "É")]
for a, b in pairs:
    print(a, b, a.lower() == b.lower(), a.casefold() == b.casefold(), a.upper() == b.upper())

# Sorting case-insensitively with a key.
names = ["émile", "Zoë", "ångström", "Ölaf", "zed", "Émile", "adam"]
print(sorted(names), sorted(names, key=str.casefold), sorted(names, key=lambda s: s.lower()))
