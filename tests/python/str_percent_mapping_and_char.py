# %-formatting with %(name)s keys from a mapping and %c from an int or a character.
print("%(name)s is %(age)d years, %(name)r" % {"name": "Ada", "age": 36})
print("%c%c%c|%3c|%-3c|" % (72, "i", 0x2603, "x", 65), "%s" % {"k": 1}, "%5.1f%%" % 12.345)
print("%(a)05d|%(b)-6s|" % {"a": 42, "b": "zz"}, chr(0x1F600), ord(chr(200)))
