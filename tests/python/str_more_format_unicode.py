# Format specs with a non-ASCII fill character, and precisions that cut text by code
# point, in format(), str.format, f-strings and %-formatting.
print(repr(format("x", "é>5")), repr(format(3, "☃^7")), repr(format(2.5, "ß<8.2f")), repr("{:€=+8}".format(5)))
print(repr(format("héllo", ".2")), repr("{:.3}".format("日本語テキスト")), repr(f"{'ñandú':*^9.4}"), repr("%.2s|" % "éèê"))
print(repr(f"{'x':→<4}{'y':←>4}"), repr(format(-42, "0=8")), repr(format(1234567, "✓>12,")), repr("%-6.1s|" % "ßx"))
rows = [("café", 3.5), ("naïve", 12.25), ("日本", 100.0)]
for name, price in rows:
    print(f"{name:·<10}{price:·>9.2f}", "{:_^12}|{:>6}".format(name, name[:2]))
