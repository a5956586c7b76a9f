# Python's integer // and % take the sign of the divisor; divmod agrees with both.
for a in (7, -7, 0, 13, -13, 2**40 + 3, -(2**40) - 3):
    for b in (2, -2, 3, -3, 7, -7):
        q, r = a // b, a % b
        assert q * b + r == a
        print(a, b, q, r, divmod(a, b))
print(2**100 // 3**20 if False else 10**15 // 7, -(10**15) % 7)
print(abs(-5), pow(2, 10), pow(3, 4, 5), 2**-2, (-2) ** 3, -(2**2))
