# prime algorithms: sieve of Eratosthenes over 10**5, trial division, factorisation,
# gcd/lcm, Euler's totient, and prime gaps -- checked against each other with assert.
N = 100000
sieve = [True] * (N + 1)
sieve[0] = sieve[1] = False
p = 2
while p * p <= N:
    if sieve[p]:
        for m in range(p * p, N + 1, p):
            sieve[m] = False
    p += 1
primes = [i for i, is_p in enumerate(sieve) if is_p]
print(len(primes), primes[:15], primes[-5:])
def is_prime(n):
    if n < 2:
        return False
    if n % 2 == 0:
        return n == 2
    d = 3
    while d * d <= n:
        if n % d == 0:
            return False
        d += 2
    return True
sample = [0, 1, 2, 3, 4, 17, 25, 97, 7919, 99991, 99989, 100000]
print([is_prime(s) for s in sample])
assert all(is_prime(q) == sieve[q] for q in range(0, 2000))
def factorize(n):
    out = {}
    d = 2
    while d * d <= n:
        while n % d == 0:
            out[d] = out.get(d, 0) + 1
            n //= d
        d += 1
    if n > 1:
        out[n] = out.get(n, 0) + 1
    return out
for n in (1, 2, 12, 360, 97, 1001, 65536, 999999, 2 ** 31 - 1, 600851475143):
    f = factorize(n)
    prod = 1
    for base, e in f.items():
        prod *= base ** e
    assert prod == n
    print(n, f, " * ".join(str(b) if e == 1 else "%d^%d" % (b, e) for b, e in f.items()))
def gcd(a, b):
    while b:
        a, b = b, a % b
    return a
def lcm(a, b):
    return a // gcd(a, b) * b
print(gcd(48, 180), gcd(17, 31), lcm(4, 6), lcm(21, 6))
acc = 1
for k in range(1, 21):
    acc = lcm(acc, k)
print("lcm(1..20) =", acc)
def phi(n):
    result = n
    for q in factorize(n):
        result -= result // q
    return result
print([phi(n) for n in range(1, 21)], sum(phi(n) for n in range(1, 101)))
assert all(phi(q) == q - 1 for q in primes[:200])
gaps = {}
for a, b in zip(primes, primes[1:]):
    gaps[b - a] = gaps.get(b - a, 0) + 1
print(sorted(gaps.items())[:8], max(gaps))
twins = [(a, b) for a, b in zip(primes, primes[1:]) if b - a == 2]
print(len(twins), twins[:5], twins[-1])
goldbach = {}
prime_set = {q: True for q in primes[:1000]}
for even in range(4, 101, 2):
    for q in primes:
        if even - q in prime_set:
            goldbach[even] = (q, even - q)
            break
print([goldbach[e] for e in (4, 28, 64, 98, 100)], len(goldbach))
digits_sum = {}
for q in primes[:100]:
    s = sum(int(c) for c in str(q))
    digits_sum.setdefault(s % 10, []).append(q)
print({k: len(v) for k, v in sorted(digits_sum.items())})
print(sum(primes[:1000]), sum(primes) % 1000007, primes[9591], primes[-1] == primes[len(primes) - 1])
