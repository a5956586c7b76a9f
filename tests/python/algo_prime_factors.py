# Prime factorization by trial division: dict of exponents, divisor lists from factors,
# gcd/lcm by Euclid, totient, perfect numbers, and formatted factor strings.
def factorize(n):
    f = {}
    d = 2
    while d * d <= n:
        while n % d == 0:
            f[d] = f.get(d, 0) + 1
            n //= d
        d += 1 if d == 2 else 2
    if n > 1:
        f[n] = f.get(n, 0) + 1
    return f

def fmt(f):
    if not f:
        return "1"
    return " * ".join(str(p) if e == 1 else "%d^%d" % (p, e) for p, e in sorted(f.items()))

def divisors(n):
    ds = [1]
    for p, e in factorize(n).items():
        ds = [d * p ** k for d in ds for k in range(e + 1)]
    return sorted(ds)

def gcd(a, b):
    while b:
        a, b = b, a % b
    return a

def phi(n):
    result = n
    for p in factorize(n):
        result = result // p * (p - 1)
    return result

for n in [1, 2, 12, 60, 97, 360, 1001, 1024, 9999, 600851475143, 2 ** 31 - 1, 2 ** 40 + 1]:
    f = factorize(n)
    print(f"{n:>14} = {fmt(f):<28} omega={len(f)} Omega={sum(f.values())}")
for n in [12, 28, 36, 97, 100]:
    ds = divisors(n)
    print(n, ds, len(ds), sum(ds) - n)
print("perfect:", [n for n in range(2, 10000) if sum(divisors(n)) - n == n])
print("gcd", gcd(1071, 462), gcd(17, 5), gcd(0, 9), gcd(2 ** 20, 6 ** 8))
print("lcm", [a * b // gcd(a, b) for a, b in [(4, 6), (21, 6), (7, 13), (12, 18)]])
lcm_all = 1
for k in range(1, 21):
    lcm_all = lcm_all * k // gcd(lcm_all, k)
print("lcm 1..20", lcm_all, fmt(factorize(lcm_all)))
print("phi", [phi(n) for n in range(1, 21)])
print(sum(phi(n) for n in range(1, 101)), [n for n in range(2, 60) if phi(n) == n - 1][-5:])
smooth = [n for n in range(2, 100) if max(factorize(n)) <= 5]
print(len(smooth), smooth)
