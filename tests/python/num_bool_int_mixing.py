# bool is an int subclass: arithmetic, sums, comparisons, isinstance, str/repr of
# bools in containers, truthiness of numbers and containers, and/or returning operands.
print(True + True, True * 10, False - 1, -True, ~True, ~False, True / 2, True // 2)
print(sum([True, False, True, True]), sum(x > 2 for x in [1, 2, 3, 4, 5]))
print(True == 1, False == 0, True is True, True != 2, 1.0 == True, True < 2)
print(isinstance(True, int), isinstance(1, bool), isinstance(True, (str, int)), isinstance(1.0, (int, float)))
print(isinstance("x", (list, tuple)), isinstance([1], (list, tuple)), isinstance((1,), (list, tuple)))
print(isinstance(True + 1, bool), isinstance(True & False, bool), isinstance(1 & 3, bool))
print(True & False, True | False, True ^ True, 6 & 3, 6 | 3, 6 ^ 3, 1 << 10, 1024 >> 3, -16 >> 2)
print(int(True), str(True), repr(False), [True, False], (True,), {"k": False})
print(bool(0), bool(0.0), bool(-0.0), bool(""), bool(" "), bool([]), bool([0]), bool(()), bool({}), bool(None))
print(0 or "default", "" or [] or 0, 3 and 4, 0 and 4, None or False, [] and 1, "a" and "b" or "c")
print(not 0, not 1, not "", not [1], 1 if [] else 2, 1 if [0] else 2)
print(max(True, 0), min(False, -1), abs(True), abs(-True), True ** 5, divmod(True, 2))
print(str(1 == 1.0), [1, 2] == [1, 2.0], (1, True) == (1, 1), "1" == 1)
counts = [0, 0]
for v in [True, False, True, 1, 0, 1.0]:
    counts[v == 1] += 1
print(counts)
print([x for x in range(-3, 4) if x], [bool(x) for x in (0, 1, -1, 0.5)])
print(1 < 2 < 3, 3 > 2 > 2, 1 == 1 == True, 1 < 3 != 3, 0 <= 0 < 1)
print(int("101", 2), int("ff", 16), int("0x1F", 16), int("777", 8), int("z", 36), f"{255:#x} {8:#o} {10:#b}")
print(f"{-255:#x} {-5:#b} {0:#b} {-64:#o}", int(-7.99), int("-0"), 0x10 + 0o10 + 0b10, 1_000_000)
print(9223372036854775807, -9223372036854775807 - 1, 2 ** 62, 3 ** 39, 10 ** 18)
print(-7 // 1, -1 // 10, 1 // -10, -1 % 10, 1 % -10, 0 % 5, 0 // -5, (-9) % 3)
print(abs(-9223372036854775807), divmod(-17, 5), divmod(17, -5), divmod(-17, -5))
