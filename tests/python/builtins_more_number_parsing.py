# float() and int() of text, by CPython's grammar: surrounding whitespace (Unicode's
# too), a sign, underscores only between digits, inf/infinity/nan in any case, and
# Unicode decimal digits; anything else is a ValueError quoting the text.
good_floats = ["1_000.5", " 1e3 ", "inf", "-nan", "+INF", "-Infinity", "nAn", "1_2.3_4e1_0", ".5", "5.", "-.5e-3",
               "\t\n 42 \r\f\v", "1e400", "-1e400", "1e-400", "0.1", "00012", "1E+2", "\u00a03.25\u2003",
               "\u0663.\u0661\u0664", "+0.0", "-0", "123456789012345678901234567890"]
for s in good_floats:
    print(ascii(s), repr(float(s)))
bad_floats = ["1__0", "_1", "1_", "1_.5", "1._5", "1e_5", "1_e5", "0x10", "nan(1)", "in", "infinit", "infinityy",
              "", " ", "1 2", "1.5\x00", "e5", ".", "-", "+-1", "1e", "1e+", "١,٥", "1.5x", "½", "i\u0301nf"]
for s in bad_floats:
    try:
        print(ascii(s), float(s))
    except ValueError as e:
        print(ascii(s), "ValueError:", e)

good_ints = ["1_000", " 42 ", "-7", "+0", "0_0", "\u200342\u3000", "\u0661\u0662\u0663", "00", "1_2_3"]
for s in good_ints:
    print(ascii(s), int(s))
for s, base in [("0x_1f", 16), ("0x_1f", 0), ("0b1_01", 0), ("0o_17", 8), ("ff", 16), ("Z", 36), ("0_7", 8)]:
    print(s, base, int(s, base))
bad_ints = [("1__0", 10), ("_1", 10), ("1_", 10), ("0_x1f", 0), ("4 2", 10), ("", 10), ("0x", 16), ("017", 0),
            ("1.5", 10), ("١.٥", 10), ("½", 10), ("0x_", 16), ("x" * 250, 10), ("é" * 250, 10), ("12", 2)]
for s, base in bad_ints:
    try:
        print(int(s, base))
    except ValueError as e:
        print("ValueError:", e)

# The numbers round-trip through repr and str.
for x in [float("1_000.000_1"), float(" -0.0 "), int("  -1_0  "), float(str(float("1e-7")))]:
    print(x, repr(x), float(repr(x)) == x)
