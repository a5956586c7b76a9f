# Huge widths, precisions and repeat counts fail at once, as in CPython: ValueError
# when the number does not parse, OverflowError past 2**63 bytes, MemoryError when the
# string cannot be had (ingot refuses strings over a build-time ceiling). Floats format
# at any precision (they were cut at 511 characters) and round() at any ndigits.
tests = [
 ('"%10s|%-10s|%.3s" % ("ab", "cd", "efghij")', lambda: "%10s|%-10s|%.3s" % ("ab", "cd", "efghij")),
 ('"{:*^9}".format("mid")', lambda: "{:*^9}".format("mid")),
 ('"x".center(9, "\u00e9")', lambda: "x".center(9, "\u00e9")),
 ("'{:10000000000000000000}'.format(1)", lambda: '{:10000000000000000000}'.format(1)),
 ("'{:9223372036854775807}'.format(1)", lambda: '{:9223372036854775807}'.format(1)),
 ("'{:9223372036854775808}'.format(1)", lambda: '{:9223372036854775808}'.format(1)),
 ("'{:1000000}'.format(1)", lambda: '{:1000000}'.format(1)),
 ("'{:.10000000000000000000}'.format(1.5)", lambda: '{:.10000000000000000000}'.format(1.5)),
 ("'{:.9223372036854775807}'.format(1.5)", lambda: '{:.9223372036854775807}'.format(1.5)),
 ("'{:.2147483648f}'.format(1.5)", lambda: '{:.2147483648f}'.format(1.5)),
 ("format(1, '10000000000000000000')", lambda: format(1, '10000000000000000000')),
 ("f'{1:10000000000000000000}'", lambda: f'{1:10000000000000000000}'),
 ("f'{1:1000000}'", lambda: f'{1:1000000}'),
 ("'%10000000000000000000d' % 1", lambda: '%10000000000000000000d' % 1),
 ("'%-1000000d' % 1", lambda: '%-1000000d' % 1),
 ("'%.2147483648f' % 1.5", lambda: '%.2147483648f' % 1.5),
 ("'%.10000000000000000000f' % 1.5", lambda: '%.10000000000000000000f' % 1.5),
 ("'a' * (1 << 62)", lambda: 'a' * (1 << 62)),
 ("'ab' * (1 << 62)", lambda: 'ab' * (1 << 62)),
 ('[1] * (1 << 62)', lambda: [1] * (1 << 62)),
 ("'a'.center(1 << 62)", lambda: 'a'.center(1 << 62)),
 ("'a'.zfill(1 << 62)", lambda: 'a'.zfill(1 << 62)),
 ("'a'.ljust(1 << 62)", lambda: 'a'.ljust(1 << 62)),
 ("'a'.rjust(1 << 62, '*')", lambda: 'a'.rjust(1 << 62, '*')),
 ("'a\\\\tb'.expandtabs(1 << 62)", lambda: 'a\tb'.expandtabs(1 << 62)),
 ("'a'.center(-5)", lambda: 'a'.center(-5)),
 ("'%.600f' % 1.5", lambda: '%.600f' % 1.5),
 ("format(1.5, '.600f')", lambda: format(1.5, '.600f')),
 ("f'{1.5:.600f}'", lambda: f'{1.5:.600f}'),
 ("'{:.600e}'.format(1.5)", lambda: '{:.600e}'.format(1.5)),
 ("'{:.600%}'.format(1.5)", lambda: '{:.600%}'.format(1.5)),
 ("'{:.700f}'.format(1e308)", lambda: '{:.700f}'.format(1e308)),
 ("'{:.700g}'.format(1e308)", lambda: '{:.700g}'.format(1e308)),
 ("'{:.700}'.format(1e-300)", lambda: '{:.700}'.format(1e-300)),
 ("'%#.600g' % 2.5", lambda: '%#.600g' % 2.5),
]
for t, f in tests:
    try:
        r = f()
        print(t, '->', len(r), repr(r[:12]), repr(r[-12:]))
    except MemoryError:
        print(t, '-> MemoryError')  # its message is ingot's own (the build-time ceiling)
    except (ValueError, OverflowError) as e:
        print(t, '->', type(e).__name__ + ':', e)
print(round(1e308, -400), round(-1e308, -400), round(1e308, -308))
print(round(5e-324, 310), round(5e-324, 323), round(5e-324, 324), round(-0.4, 0))
print(round(25.000001, -1), round(25.0, -1), round(15.0, -1), round(2.675, 2), round(0.125, 2))
print(round(123.456, -2), round(1234567.0, -3), round(0.5, 0), round(1.5, 0), round(-2.5, 0))
print(round(1.23456789e-10, 15), round(987654321.123456789, 5), round(3.14159, 3))
try:
    print(round(1.7976931348623157e308, -308))
except OverflowError as e:
    print("OverflowError:", e)
