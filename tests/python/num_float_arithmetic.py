# Float arithmetic: floor division and modulo with negative and float operands,
# divmod, mixed int/float operations, comparisons, abs/pow and accumulation error.
pairs = [(7.5, 2), (-7.5, 2), (7.5, -2), (-7.5, -2), (1.0, 0.1), (5, 0.3), (-5, 0.3), (0.0, 3), (-0.0, 3), (1e10, 7)]
for a, b in pairs:
    print(a, b, a // b, a % b, divmod(a, b), a / b)
print(-1 % 3.0, 1 % -3.0, -1e-20 % 1.0, 3.5 % 1, -3.5 % 1)
print(7 // 2.0, -7 // 2.0, 7.0 // -2, 2 ** 0.5 * 2 ** 0.5, (-8) ** 2.0)
total = 0.0
for i in range(10):
    total += 0.1
print(total, total == 1.0, sum([0.1] * 10), round(total, 10))
acc = 1.0
for i in range(1, 21):
    acc *= i
print(acc, acc / 1e18, 1 / acc)
print(abs(-2.5), abs(3), 2.0 ** -1, 4 ** 0.5, (-2) ** 3, 2 ** -1, 10 ** 0)
print(3 * 0.1, 0.1 * 3, 3 / 10, 1 - 0.9, 100 * 1.1, 0.57 * 100)
print(1.5 + 2, 2 - 0.5, 3 * 2.0, isinstance(3 * 2.0, float), isinstance(6 / 3, float), 6 / 3)
print(max(1, 2.0), max(2.0, 1), min(1, 1.0), min(1.0, 1), max([3, 4.5, -1]), sum([1, 2.5, 3]))
print(1 < 1.5 < 2, 2.0 == 2, 2.5 > 2, -0.0 == 0.0, 1e-300 * 1e-300, 1e300 * 1e10)
x = 10.0
x /= 4
print(x)
x //= 0.75
print(x)
x **= 3
print(x)
x -= 0.1
print(x)
x %= 7
print(x)
print([i / 8 for i in range(-4, 5)])
print([round(i * 0.15, 1) for i in range(8)])
print(float("1.5e-3") * 1000, float("-.5"), float("5."), float("1000.5"), int("-42"), int(" 17 "))
