# Integer operations near the 64-bit limits (no overflow): //, % and divmod for all sign
# combinations, bitwise ops and shifts on negatives, int() conversions and augmented assignment.
MAX = 9223372036854775807
MIN = -MAX - 1
print(MAX, MIN, MAX // 2, MIN // 2, MAX % 10, MIN % 10, MAX // -1, MIN // 1, MIN % 7, MAX % -7)
print(divmod(MAX, 1000000007), divmod(MIN, 1000000007), divmod(MIN, -3), MAX - MAX, MIN + MAX)
for a in (17, -17, 5, -5, 0, 1, -1):
    row = []
    for b in (5, -5, 3, -3, 1, -1, 17):
        row.append((a // b, a % b))
    print(a, row)
print([(-i) // 4 for i in range(9)], [(-i) % 4 for i in range(9)], [i // -4 for i in range(9)])
print(~0, ~-1, ~5, -5 & 3, -5 | 3, -5 ^ 3, -1 >> 100, 5 >> 70, 1 << 62, -(1 << 62), 255 & -256)
print(0b1010 & 0b0110, 0b1010 | 0b0110, 0b1010 ^ 0b0110, 1 << 0, 7 >> 1, -7 >> 1, -8 >> 3, 0xFF ^ 0xF0)
n = 0b1011_0110
bits = []
while n:
    bits.append(n & 1)
    n >>= 1
print(bits, sum(bits), [1 << k for k in range(0, 63, 9)])
print(int(1e18), int(-1e18), int(9.2e18), int(2.0 ** 62), int(0.999999), int(-0.999999), int("+12"), int("-0012"))
print(7 / 2, -7 / 2, 7 / -2, 1 / 3 * 3, 10 ** -3, 2 ** -1, 0 ** 0, 0.0 ** 0, 0 ** 0.0, 3 ** 39)
print(round(2.5e-8, 9), round(7, 0), round(7, 2), round(0.5 + 1e-9), round(-7.5), round(8.5))
x = 100
x += 5
x -= 3
x *= 2
x //= 7
x %= 10
x **= 3
x <<= 2
x >>= 1
x |= 1
x &= 0x7F
x ^= 0b101
print(x)
print(1e18 == 10 ** 18, 2 ** 53 == 2.0 ** 53, 10 ** 15 < 1e15 + 1, 3 == 3.0000000000000001, -0 == 0)
print(sum(range(10 ** 6)), sum(i * i for i in range(1000)), 2 ** 62 - 1 + 2 ** 62)
fact = 1
for i in range(1, 21):
    fact *= i
print(fact, fact // (2 ** 18), fact % 1000003, len(str(fact)), str(fact)[::-1][:5])

def gcd(a, b):
    while b:
        a, b = b, a % b
    return abs(a)

def digits(v, base):
    out = ""
    neg = v < 0
    v = -v if neg else v
    while True:
        out = "0123456789abcdefghijklmnopqrstuvwxyz"[v % base] + out
        v //= base
        if v == 0:
            break
    return "-" + out if neg else out

print(gcd(462, 1071), gcd(-12, 18), gcd(0, 5), gcd(MAX, 7), gcd(2 ** 40, 6 ** 20))
print(digits(255, 16), digits(-255, 2), digits(0, 7), digits(MAX, 36), digits(MIN + 1, 16), f"{MAX:x}")
print(int(digits(MAX, 36), 36) == MAX, int("-" + digits(12345, 8), 8), int("zz", 36), int("0x1F", 16), int("0x1f", 0), int("-101", 2))
