# Large lists and long loops: 100000-element build/sum/slice/sort/reverse, prefix sums,
# a sieve of Eratosthenes, and big comprehensions (checks speed and 64-bit int sums).
N = 100000
big = list(range(N))
print(len(big), sum(big), big[-1], big[N // 2], sum(big[::2]), sum(big[1::2]), len(big[::7]))
sq = [i * i for i in big]
print(sum(sq), sq[-1], max(sq), min(sq), sq[::25000])
rev = big[::-1]
print(rev[:3], rev[-3:], rev == sorted(big, reverse=True), sorted(rev) == big)
rev.reverse()
print(rev == big, rev is big)
acc = []
for i in range(N):
    acc.append(i % 97)
print(len(acc), sum(acc), acc.count(0), acc.index(96), max(acc))
acc.sort()
print(acc[:3], acc[-3:], acc[N // 2])
prefix = [0] * (N + 1)
for i in range(N):
    prefix[i + 1] = prefix[i] + big[i]
print(prefix[-1], prefix[1000] - prefix[10], prefix[N] - prefix[N - 10])
limit = 50000
sieve = [True] * (limit + 1)
sieve[0] = sieve[1] = False
p = 2
while p * p <= limit:
    if sieve[p]:
        for q in range(p * p, limit + 1, p):
            sieve[q] = False
    p += 1
primes = [i for i in range(limit + 1) if sieve[i]]
print(len(primes), primes[:10], primes[-3:], sum(primes))
mixed = [(i * 7919) % 1000 for i in range(N)]
ordered = sorted(mixed)
print(ordered[:5], ordered[-5:], sum(mixed), sorted(mixed, key=lambda v: -v)[:3])
floats = [i / 10 for i in range(N)]
print(sum(floats), floats[-1], max(floats), sum(floats) / len(floats))
chunks = [big[i:i + 10000] for i in range(0, N, 10000)]
print(len(chunks), [sum(ch) for ch in chunks][:3], sum(len(ch) for ch in chunks))
s = "".join(str(i % 10) for i in range(N))
print(len(s), s[:12], s.count("7"), s[-5:])
words = ("w" + str(i % 500) for i in range(N))
counts = {}
for w in words:
    counts[w] = counts.get(w, 0) + 1
print(len(counts), counts["w0"], counts["w499"], sum(counts.values()))
total = 0
i = 0
while i < N:
    total += i * (i % 3) - i // 7
    i += 1
print(total, 2 ** 62 + (2 ** 62 - 1), -(2 ** 62) * 2, -(2 ** 62) - 2 ** 62)
print(any(v > N for v in big), all(v >= 0 for v in big), list(zip(big[:3], rev[-3:])), len(list(enumerate(big))))
