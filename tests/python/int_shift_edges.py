# Left shifts at the edge of 64 bits, where Ingot's ints and CPython's agree: the
# results that still fit, negative ones included (the overflow check must not
# itself overflow; tests/fuzz's fuzz_build found it doing so).
cases = [(1, 62), (-1, 63), (-2, 62), (3, 61), (-(1 << 62), 1), (0, 100), (0, 0),
         (-3, 61), (1 << 31, 31), (-(1 << 31), 32), (5, 0)]
for a, b in cases:
    print(a, "<<", b, "=", a << b)
print((1 << 62) >> 62, (-1 << 63) >> 63, -1 >> 100, 7 >> 64)
