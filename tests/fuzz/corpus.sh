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
# fuzz_files: the test fixtures (good files and damaged ones), each behind the byte
# that picks its reader (fuzz_files.c): 0 CSV, 1 .npy, 2 IDX, 13 a checkpoint read
# as a [2, 3] tensor, 4 a CheckpointManager index.
mkdir -p "$out/fuzz_files"
files="$root/tests/e2e/data/files"
for f in "$files"/*; do
    name="$(basename "$f")"
    case "$name" in
    *.csv | *.csv.gz | *.txt) byte='\x00' ;;
    *.npy | *.npy.gz) byte='\x01' ;;
    *.idx* | *.idx*.gz) byte='\x02' ;;
    ckpt_*) byte='\x0d' ;;
    *) continue ;;
    esac
    { printf "$byte"; cat "$f"; } >"$out/fuzz_files/$name"
done
printf '\x04model_checkpoint_path: "ckpt-2"\nall_model_checkpoint_paths: "ckpt-1"\n' \
    >"$out/fuzz_files/index"
for h in fuzz_lexer fuzz_parser fuzz_build fuzz_runtime fuzz_files; do
    if [[ -d "$root/tests/fuzz/regressions/$h" ]]; then
        cp "$root/tests/fuzz/regressions/$h/"* "$out/$h/"
    fi
done
