# %-formatting, str.format and f-strings with format specs, !r and !s.
name, value, ratio = "widget", 42, 0.125
print("%s has %d parts (%.1f%%)" % (name, value, ratio * 100))
print("%5d|%-5d|%05d|%+d|%x|%X|%o" % (value, value, value, value, 255, 255, 8))
print("%8.3f|%-8.2f|%e|%g|%g" % (3.14159, 2.5, 12345.678, 0.0001, 1234567.0))
print("%r %s %%" % ("q", "q"))
print("{} {} {}".format(1, "two", 3.0), "{1}-{0}".format("a", "b"), "{x}/{y}".format(x=1, y=2))
print("{:>8}|{:<8}|{:^8}|{:*^9}".format("r", "l", "c", "mid"))
print("{:.3f} {:10.2f} {:+.1e} {:,} {:_} {:b} {:#o}".format(2 / 3, 1234.5, 0.000123, 1234567, 1000000, 10, 8))
print(f"{name!r} {name!s} {value:>6} {ratio:.2%} {value * 2 = }")
width = 7
print(f"{value:{width}d}|{ratio:{width}.3f}|{'nested':^{width + 3}}|")
print(f"{3.0} {1e20} {1e-7} {0.1 + 0.2} {-0.0} {float('inf')} {2 ** 0.5}")
