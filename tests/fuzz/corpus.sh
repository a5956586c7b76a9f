#!/usr/bin/env bash
# tests/fuzz/corpus.sh DIR — the harnesses' seed corpus, made afresh in DIR/<harness>:
# every script of the tests and examples (tests/e2e/**/*.py, tests/python/*.py,
# examples/*.py) for the lexer, parser and build harnesses; for the runtime harness,
# a fixed set of pseudo-random programs. The inputs that once crashed a harness,
# kept in tests/fuzz/regressions/<harness>/, join each one's seeds.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
out="${1:?usage: corpus.sh DIR}"
rm -rf "$out"
for h in fuzz_lexer fuzz_parser fuzz_build; do
    mkdir -p "$out/$h"
    # Named by path, so two tests' same-named scripts both stay.
    (cd "$root" && find tests/e2e tests/python examples -name '*.py' -print0) |
        while IFS= read -r -d '' f; do cp "$root/$f" "$out/$h/${f//\//_}"; done
done
mkdir -p "$out/fuzz_runtime"
python3 - "$out/fuzz_runtime" <<'PY'
import random, sys
rng = random.Random(14)
for i in range(64):
    n = rng.randrange(16, 256)
    # Mostly small bytes: small dims, small values, constants first (byte < 48).
    data = bytes([0]) + bytes(rng.choice([rng.randrange(48), rng.randrange(256), rng.randrange(6)])
                              for _ in range(n))
    open(f"{sys.argv[1]}/seed{i:02d}", "wb").write(data)
PY
for h in fuzz_lexer fuzz_parser fuzz_build fuzz_runtime; do
    if [[ -d "$root/tests/fuzz/regressions/$h" ]]; then
        cp "$root/tests/fuzz/regressions/$h/"* "$out/$h/"
    fi
done
