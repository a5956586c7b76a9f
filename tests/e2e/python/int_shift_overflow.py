# A left shift past 64 bits is Ingot's OverflowError (its ints are 64-bit; CPython's
# are unbounded), caught like any exception. tests/fuzz's fuzz_build found the check
# itself overflowing (undefined behaviour) for 2 << 62.
for a, b in [(2, 62), (1, 63), (-3, 62), (1 << 40, 30), (-1, 64), (1, 1000)]:
    try:
        print(a, "<<", b, "=", a << b)
    except OverflowError as e:
        print(a, "<<", b, ": OverflowError:", e)
