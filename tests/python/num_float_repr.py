# Float repr/str: shortest round-trip digits, exponent switch-over points, signed zero,
# inf/nan, int/float conversions and round() with halves (banker's rounding).
vals = [0.1 + 0.2, 0.1, 0.2, 0.3, 1 / 3, 2 / 3, 1e16, 1e15, 123456789012345678.0,
        1e-5, 1e-4, 0.0001234, 1e22, 1e23, 5e-324, 1.7976931348623157e308,
        -0.0, 0.0, 100.0, 1.5, -2.5, 3.0e10, 9007199254740993.0, 0.1 * 3, 1.1 * 1.1]
for v in vals:
    print(repr(v), str(v), v == float(repr(v)))
print(float("inf"), float("-inf"), -float("inf"), float("nan"))
print(1e308 * 10, -1e308 * 10, 1e-320, 2.0 ** -1074)
print(int(3.9), int(-3.9), int(-0.5), float(7), float("1e3"), float("  2.5 "), float("-0.0"))
print(round(0.5), round(1.5), round(2.5), round(-0.5), round(-1.5), round(3.5))
print(round(2.675, 2), round(1.005, 2), round(123.456, -1), round(-123.456, 1), round(0.125, 2))
print(round(7), round(7.0), isinstance(round(7.5), int), isinstance(round(7.5, 0), float))
print(1e16 + 1, 2 ** 53 + 1.0, 1e16 == 10 ** 16, float(10 ** 16) == 1e16)
print(0.1 + 0.7, 0.3 - 0.1, 4.35 * 100, 1.1 + 2.2, 3 * 1.1)
print(1 / 7, 22 / 7, 355 / 113, 1e-7 / 3, 10 / 4, 9 / 3, -9 / 3)
print(abs(-0.0), -(0.0), 0.0 * -1, max(-0.0, 0.0), min(0.0, -0.0))
print(float(True), float(False) + 0.5, 2 ** 0.5, 10 ** -2, 2.0 ** 10)
print(str(1.0e-6), str(1.0e-5), str(0.00001), str(123e-7), str(1e21), str(1e20))
print(1.0 == 1, 0.5 < 1, 1 / 3 + 1 / 3 + 1 / 3 == 1.0, 0.1 + 0.2 == 0.3)
