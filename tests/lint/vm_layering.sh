#!/usr/bin/env bash
# tests/lint/vm_layering.sh ROOT — the Python VM (compiler/vm) knows nothing of the
# tracer, the executor, AutoGraph or the passes (compiler/README.md): none of its files
# includes a header of compiler/tracer, compiler/exec, compiler/autograph or
# compiler/passes, and of compiler/graph only ir.h, which value.h still needs for the
# payloads of the tracer's values (a tensor's IrValue, a TensorSpec's Shape). The
# tracer reaches the VM's values through foreign.h and the VM's hooks instead.
set -euo pipefail
root="$1"
cd "$root/compiler"
forbidden=()
for dir in tracer exec autograph passes graph; do
    for header in "$dir"/*.h; do
        name="$(basename "$header")"
        [[ "$dir/$name" == graph/ir.h ]] && continue
        forbidden+=("$name")
    done
done
pattern="#include \"($(IFS='|'; echo "${forbidden[*]}" | sed 's/\./\\./g'))\""
if found="$(grep -nE "$pattern" vm/*.c vm/*.h)"; then
    echo "compiler/vm includes a header of a module built on it:"
    echo "$found"
    exit 1
fi
echo "ok: compiler/vm includes none of ${#forbidden[@]} headers of the modules above it"
