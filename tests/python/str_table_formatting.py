# Text tables: column widths computed with max(len(...)), f-string nested width specs,
# alignment (<, >, ^), fill characters, thousands separators, %-formatting and totals.
rows = [
    ("apple", 3, 0.5, "fruit"),
    ("banana", 12, 0.25, "fruit"),
    ("carrot", 7, 0.1, "vegetable"),
    ("durian", 1, 12.75, "fruit"),
    ("eggplant", 4, 1.2, "vegetable"),
]
headers = ("item", "qty", "price", "kind")
cells = [headers] + [(n, str(q), f"{p:.2f}", k) for n, q, p, k in rows]
widths = [max(len(r[i]) for r in cells) for i in range(len(headers))]
print(widths)
sep = "+" + "+".join("-" * (w + 2) for w in widths) + "+"
print(sep)
print("| " + " | ".join(f"{h:^{w}}" for h, w in zip(headers, widths)) + " |")
print(sep.replace("-", "="))
for n, q, p, k in cells[1:]:
    print(f"| {n:<{widths[0]}} | {q:>{widths[1]}} | {p:>{widths[2]}} | {k:<{widths[3]}} |")
print(sep)
total = sum(q * p for _, q, p, _ in rows)
print(f"| {'total':<{widths[0]}} | {sum(r[1] for r in rows):>{widths[1]}} | {total:>{widths[2]}.2f} | {'':<{widths[3]}} |")
print(sep)
for n, q, p, k in rows:
    print("%-10s%5d%9.3f  %s" % (n, q, p, k.upper()))
print()
big = [("north", 1234567.891), ("south", -98765.4), ("east", 0.0), ("west", 5e6)]
for name, val in big:
    print(f"{name:.<10}{val:>16,.2f}{val:>+14.1f}{val:>12.3e}")
print(f"{'x':*^9}|{'left':-<8}|{'right':_>8}|{42:0>6}|{-42:=+8}|{3.14159:^10.3f}|")
for i, w in enumerate((1, 4, 8)):
    print(f"[{'ab':{w}}] [{'ab':>{w}}] [{i:0{w}d}] [{i / 7:{w}.{i + 1}f}]")
matrix = [[1, -2, 300], [45, 6, -7000], [8, 90, 1]]
cw = max(len(str(x)) for r in matrix for x in r)
for r in matrix:
    print(" ".join(str(x).rjust(cw) for x in r), "|", " ".join(f"{x:^{cw}}" for x in r))
print("%s has %d items costing %.2f (%5.1f%%)" % ("cart", len(rows), total, 100.0 * rows[3][2] / total))
print("%(name)s=%(val)08.3f" % {"name": "pi", "val": 3.14159}, "%x %o %X %e" % (255, 8, 3054, 12345.678))
