# Format specs in f-strings, str.format and %-formatting: widths, fill/align, sign, precision,
# g/e/% presentation, grouping, int bases, !r/!s, nested widths, and inf/nan/-0.0.
vals = [0.0, -0.0, 0.5, 1.5, 2.5, -2.5, 1 / 3, 2 / 3, 1234.5678, 1e-5, 1e16, 123456789.0]
for v in vals:
    print(f"{v}|{v:.0f}|{v:.2f}|{v:10.3f}|{v:e}|{v:.3e}|{v:g}|{v:.3g}|{v:+.1f}|{v:%}")
for n in (0, 7, -7, 255, 1000000, -1234567):
    print(f"{n}|{n:5}|{n:<5}|{n:^7}|{n:+d}|{n: d}|{n:05d}|{n:,}|{n:_}|{n:x}|{n:#o}|{n:b}|{n:.1f}")
print(f"{'left':<10}|{'right':>10}|{'ctr':^10}|{'pad':-^11}|{'abc':.2}|{'abc':>5.1}|{'':*^4}")
print(f"{12345.6789:10.2f}|{12345.6789:<12.1f}|{-12345.6789:^14.3f}|{1234.5:,.2f}|{1e6:,.0f}")
print(f"{0.000012345:.3g} {123456789:.3g} {1e-5:g} {1e16:g} {100.0:g} {1e-4:g} {123456.0:g} {1234567.0:g}")
print(f"{12.0:e} {0.0:e} {-1.5e-10:.2E} {0.5:%} {0.12345:.1%} {1:.0%} {2 / 3:.3%}")
print(f"{255:X} {255:#X} {255:#010x} {-1:x} {65:c} {42:08.3f} {-42:08d} {42:+08d}")
print(f"{float('inf'):f} {float('nan'):f} {float('-inf'):e} {float('inf'):>6} {-0.0:.1f} {-0.0:g} {-1e-9:.2f}")
print(f"{1.0:.15g} {0.1:.20f} {1 / 3:.17f} {1e15:.1f} {1e22:.0f} {1e100} {1.5e-300} {123456789.123456789}")
print(f"{[1, 'a']!r} {'x'!r:>5} {3!r} {'q'!s} {None} {(1, 'b')} {'tab'!r:^9}|")
w, p = 12, 4
print(f"[{3.14159265:{w}.{p}f}] [{'s':>{w}}] [{42:^{w}d}] [{2.5:{w}}] [{'x':{'*'}^{p + 1}}]")
print("%5.1f|%-8.3e|%G|%g|%g" % (2.25, 12345.6789, 1e-10, 1e16, 0.0001))
print("%x %o %X %#x %#o %d %d %d" % (255, 8, 255, 255, 8, 3.9, -3.9, True))
print("%10s|%-10s|%.3s|%5.2s|%s|%s|%r" % ("a", "b", "abcdef", "xyz", [1, 2], (3,), "r"))
print("%s" % (1,), "%s" % "x", "%5s%%" % 50, "%03d:%02d" % (7, 5), "%+.2f %+d % d" % (1.005, 0, 5))
print("%.0f %.0f %.0f %.0f" % (0.5, 1.5, 2.5, 3.5), "%.3f" % 2.0005, "%.2e" % 0.0, "%-5d|" % -3)
print("{:10.4}|{:.4}|{}|{:}|{:.2f}".format(3.14159265, 1234567.0, 1e16, 0.1, 2.675))
print("{0!r:^9}|{1:=+8d}|{2:0>6}|{3:,}|{4:#b} {5:#o}".format("a", 42, "ab", 1234.5, 5, 0))
print("{a[0]} {b[k]} {{literal}} {c}".format(a=[1], b={"k": 2}, c=3), f"{{}} {{{1}}}")
table = [("apple", 3, 0.5), ("kiwi", 12, 0.25), ("watermelon", 1, 3.999)]
for name, qty, price in table:
    print(f"{name:<12}{qty:>4} x {price:6.2f} = {qty * price:8.3f}")
print("-" * 34)
print(f"{'total':<12}{sum(q for _, q, _ in table):>4}{sum(q * pr for _, q, pr in table):>20.3f}")
