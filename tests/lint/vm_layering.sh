#!/usr/bin/env bash
# tests/lint/vm_layering.sh ROOT — the Python VM (compiler/vm) knows nothing of the
# tracer, the graph IR, the executor, AutoGraph or the passes (compiler/README.md):
# none of its files includes a header of compiler/tracer, compiler/graph,
# compiler/exec, compiler/autograph or compiler/passes, nor the runtime's. The tracer
# reaches the VM through foreign.h's slots and the VM's hooks instead; the payloads of
# its values are incomplete types to the VM.
set -euo pipefail
root="$1"
cd "$root/compiler"
forbidden=()
for dir in tracer exec autograph passes graph; do
    for header in "$dir"/*.h; do
        forbidden+=("$(basename "$header")")
    done
done
pattern="#include \"(ingot/.*|$(IFS='|'; echo "${forbidden[*]}" | sed 's/\./\\./g'))\""
if found="$(grep -nE "$pattern" vm/*.c vm/*.h)"; then
    echo "compiler/vm includes a header of a module built on it:"
    echo "$found"
    exit 1
fi
echo "ok: compiler/vm includes none of ${#forbidden[@]} headers of the modules above it"
