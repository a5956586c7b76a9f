#!/usr/bin/env python3
"""Compare the numbers match_reference.py prints with the independent reference.

Usage: python3 _compare.py OUTPUT [REFERENCE]

OUTPUT is what the compiled match_reference program printed (or its golden,
match_reference.out); REFERENCE defaults to _reference.txt beside this script
(the output of _reference.py). Every number token is taken from both, in order
(brackets, labels and line breaks are ignored; the labels hold no digits), and
compared pairwise. Prints the count and the largest relative difference; exits
1 if the counts differ, a value is not finite, or any relative difference is
above 1e-6 (2 on a usage error).
"""

import math
import os
import re
import sys

TOLERANCE = 1e-6
# As run_e2e.py reads numbers, plus the words a non-finite value prints as.
NUMBER = re.compile(r"[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?|[-+]?(?:nan|inf)",
                    re.IGNORECASE)


def numbers(path):
    with open(path, encoding="utf-8") as f:
        return [float(t) for t in NUMBER.findall(f.read())]


def main(argv):
    if len(argv) not in (2, 3):
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    here = os.path.dirname(os.path.abspath(__file__))
    ref_path = argv[2] if len(argv) == 3 else os.path.join(here, "_reference.txt")
    got, want = numbers(argv[1]), numbers(ref_path)
    if len(got) != len(want):
        print(f"count mismatch: {len(got)} numbers in {argv[1]}, "
              f"{len(want)} in {ref_path}")
        return 1
    worst, worst_at, bad = 0.0, -1, 0
    for i, (g, w) in enumerate(zip(got, want)):
        if not (math.isfinite(g) and math.isfinite(w)):
            print(f"number {i}: not finite: {g!r} vs reference {w!r}")
            bad += 1
            continue
        scale = max(abs(g), abs(w))
        rel = abs(g - w) / scale if scale else 0.0
        if rel > TOLERANCE:
            print(f"number {i}: {g!r} vs reference {w!r} (relative difference {rel:.3g})")
            bad += 1
        if rel > worst:
            worst, worst_at = rel, i
    print(f"{len(got)} numbers compared, max relative difference {worst:.3g}"
          + (f" (number {worst_at})" if worst_at >= 0 else ""))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
