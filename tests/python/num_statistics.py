# Descriptive statistics by hand: mean, median, mode, variance, standard deviation via
# ** 0.5, percentiles with interpolation, z-scores, histograms; rounding and format specs.
data = [2.5, 3.1, 4.7, 4.7, 5.0, 5.9, 6.2, 7.8, 8.1, 9.4, 10.0, 4.7, 3.1]

def mean(xs):
    return sum(xs) / len(xs)

def median(xs):
    s = sorted(xs)
    n = len(s)
    mid = n // 2
    return s[mid] if n % 2 else (s[mid - 1] + s[mid]) / 2

def mode(xs):
    counts = {}
    for x in xs:
        counts[x] = counts.get(x, 0) + 1
    best = max(counts.values())
    return sorted(x for x, c in counts.items() if c == best)

def variance(xs, sample=True):
    m = mean(xs)
    ss = sum((x - m) ** 2 for x in xs)
    return ss / (len(xs) - 1 if sample else len(xs))

def percentile(xs, p):
    s = sorted(xs)
    k = (len(s) - 1) * p / 100
    f = int(k)
    c = min(f + 1, len(s) - 1)
    return s[f] + (s[c] - s[f]) * (k - f)

m = mean(data)
print("n", len(data), "sum", round(sum(data), 10), "min", min(data), "max", max(data))
print(f"mean   {m:.4f}  {round(m, 2)}  {m:10.3e}")
print(f"median {median(data)}  {median(data[:-1])}  {median([1, 2, 3, 4])}")
print("mode  ", mode(data), mode([1, 1, 2, 2, 3]), mode([7]))
v, pv = variance(data), variance(data, sample=False)
print(f"var    {v:.6f} {pv:.6f}  sd {v ** 0.5:.6f} {pv ** 0.5:.6f}")
for p in (0, 10, 25, 50, 75, 90, 100):
    print(f"p{p:<3} {percentile(data, p):8.3f}")
q1, q3 = percentile(data, 25), percentile(data, 75)
print("IQR", round(q3 - q1, 6), "outliers", [x for x in data if x < q1 - 1.5 * (q3 - q1) or x > q3 + 1.5 * (q3 - q1)])
sd = v ** 0.5
print("z", [round((x - m) / sd, 2) for x in data[:6]])
print("%-8s|%8.2f|%+.1f|%06.2f" % ("scaled", m * 100, -m, m))
buckets = {}
for x in data:
    b = int(x // 2) * 2
    buckets[b] = buckets.get(b, 0) + 1
for b in sorted(buckets):
    print(f"[{b:>2},{b + 2:>3}) {'*' * buckets[b]:<5} {buckets[b] / len(data):.1%}")
xs = [1, 2, 3, 4, 5, 6]
ys = [2.1, 3.9, 6.2, 7.8, 10.1, 12.2]
mx, my = mean(xs), mean(ys)
slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)
icpt = my - slope * mx
print(f"fit y = {slope:.4f}x + {icpt:.4f}", round(slope, 3), round(icpt, 3))
print([round(slope * x + icpt, 2) for x in xs])
print(round(2.675, 2), round(0.5), round(1.5), round(2.5), round(-0.5), round(1234.5678, -2), round(7, -1))
print(f"{1e-7:g} {123456789.0:g} {0.0001:g} {1/3:.10g} {2/3:.0%} {1e16:.1f}")
