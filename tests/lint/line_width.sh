#!/usr/bin/env bash
# tests/lint/line_width.sh ROOT — STYLE.md's 100 columns: every C source and header,
# and the lexer's re2c source, in the tree's tracked files. Tables keep their rows
# whole (ops.def, the .def X-macros, the grammar rules of parser.y), so those are not
# checked; the Unicode database is generated. `clang-format --lines=N:N FILE` (with
# the tree's .clang-format) wraps a line that fails.
set -euo pipefail
root="$1"
cd "$root"
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    mapfile -t files < <(git ls-files '*.c' '*.h' '*.re' | grep -v 'unicode_db')
else # a tarball without git: every such file
    mapfile -t files < <(find . -name '*.c' -o -name '*.h' -o -name '*.re' | grep -v 'unicode_db\|/build')
fi
long="$(awk 'length > 100 { printf "%s:%d: %d columns\n", FILENAME, FNR, length }' "${files[@]}")"
if [[ -n "$long" ]]; then
    echo "lines wider than 100 columns:"
    echo "$long"
    exit 1
fi
echo "ok: ${#files[@]} files within 100 columns"
