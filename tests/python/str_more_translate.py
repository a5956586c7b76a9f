# str.translate with a dict table (code point -> str, code point or None) and the
# three forms of str.maketrans (called on a string: it is a static method).
rot13 = "".maketrans("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
                     "nopqrstuvwxyzabcdefghijklmNOPQRSTUVWXYZABCDEFGHIJKLM")
msg = "Hello, World! Ünïcode stays."
print(msg.translate(rot13), msg.translate(rot13).translate(rot13) == msg)

strip_vowels = "".maketrans("", "", "aeiouAEIOU")
print("Programming in Python".translate(strip_vowels), sorted(strip_vowels.items()))

table = "".maketrans({"a": "4", "e": "3", "l": None, 111: "0", "ß": "ss", "é": 101})
print(sorted(table.items()), "hello élan ßeta".translate(table))

# Direct dict tables: ints and strs as values, several characters, deletion.
print("abc".translate({97: "xyz", 98: None, 99: 65}), "日本語".translate({ord("本"): "-"}), "".translate({1: 2}))
print("mississippi".translate({ord("s"): "S", ord("i"): None}), "aaa".translate({97: ""}), "ab".translate({}))
print("tab\there".translate({9: " -> "}), "x".translate({120: 0x1f600}), ascii("x".translate({120: 0x10ffff})))

# maketrans with two strings of non-ASCII text, and a third to delete.
t = "".maketrans("αβγ", "abc", "δ")
print(sorted(t.items()), "αβγδαβγ".translate(t))

# Errors, as CPython words them.
attempts = [
    lambda: "".maketrans("ab", "c"),
    lambda: "".maketrans([1]),
    lambda: "".maketrans({"ab": 1}),
    lambda: "".maketrans({1.5: 1}),
    lambda: "".maketrans(1, "b"),
    lambda: "".maketrans("a", 1),
    lambda: "".maketrans("a", "b", 2),
    lambda: "".maketrans(),
    lambda: "".maketrans("a", "b", "c", "d"),
    lambda: "abc".translate({97: 1.5}),
    lambda: "abc".translate({97: -1}),
    lambda: "abc".translate({97: 0x110000}),
    lambda: "abc".translate(),
    lambda: "abc".translate({}, 1),
]
for attempt in attempts:
    try:
        print(attempt())
    except (TypeError, ValueError) as e:
        print(type(e).__name__ + ":", e)

# A list is a table too: IndexError past its end keeps the character.
print("\x00\x01\x02z".translate(["zero", "one", None]))
