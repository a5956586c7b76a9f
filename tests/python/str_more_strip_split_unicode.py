# split() and strip() without arguments split on every Unicode whitespace character;
# strip(chars) removes whole code points.
texts = ["a\u3000b\u2003c", "\u00a0 x \u00a0", " \u2028line\u2029 ", "\x1cA\x1dB\x1eC\x1fD", "x\u0085y",
         "日本 語\u3000テキスト", "  ", "\u200bzero\u200bwidth"]
for t in texts:
    print(ascii(t), ascii(t.split()), ascii(t.rsplit()), ascii(t.split(None, 1)), ascii(t.rsplit(None, 1)),
          ascii(t.strip()), ascii(t.lstrip()), ascii(t.rstrip()))
print("èxé".strip("é"), "éxè".strip("é"), "ééxéé".lstrip("é"), "☃a☃".strip("☃"), "abcba".strip("ba"))
print("«quoted»".strip("«»"), "ñandú".rstrip("ú"), "\u3000x\u3000".strip("\u3000"), "a\x00b\x00".strip("\x00"))
print("    indented\u3000line\u3000".strip().split("\u3000"))
