#!/usr/bin/env bash
# tests/install/check_install.sh — install the build into a temporary DESTDIR and
# check the result is usable: the files are where users expect them, pkg-config
# finds the runtime, and the INSTALLED ingot builds and runs a script.
# Usage: check_install.sh BUILD_ROOT [MESON_COMMAND...]   (meson test passes both)
set -euo pipefail

BUILD_ROOT="$(cd "${1:?usage: check_install.sh BUILD_ROOT [MESON...]}" && pwd)"
shift
MESON=("$@")
[[ ${#MESON[@]} -gt 0 ]] || MESON=(meson)

FAILURES=0
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
DEST="$TMP/dest"

fail() {
    echo "FAIL: $*"
    FAILURES=$((FAILURES + 1))
}

ok() {
    echo "ok: $*"
}

# Print the value of one meson option of the build (prefix, libdir, ...). Array
# options (b_sanitize is one in newer meson) print comma-separated.
build_option() {
    "${MESON[@]}" introspect "$BUILD_ROOT" --buildoptions | python3 -c '
import json, sys
name = sys.argv[1]
value = next(o["value"] for o in json.load(sys.stdin) if o["name"] == name)
print(",".join(value) if isinstance(value, list) else value)' "$1"
}

# Where an install directory (bindir, libdir, ...) ends up under DESTDIR. Meson
# allows such options to be absolute, in which case they ignore the prefix.
staged_dir() {
    local dir
    dir="$(build_option "$1")"
    if [[ "$dir" == /* ]]; then
        echo "$DEST$dir"
    else
        echo "$DEST$PREFIX/$dir"
    fi
}

check_file() {
    local what="$1" path="$2"
    if [[ -f "$path" ]]; then
        ok "$what: ${path#"$DEST"}"
    else
        fail "$what missing: expected ${path#"$DEST"} (under DESTDIR)"
    fi
}

# --no-rebuild: meson test has already built everything, and a second ninja
# running inside a test would race with the build directory's own.
stage_install() {
    if ! "${MESON[@]}" install -C "$BUILD_ROOT" --no-rebuild --quiet --destdir "$DEST"; then
        fail "meson install --destdir failed"
        exit 1
    fi
}

check_layout() {
    check_file "compiler" "$BINDIR/ingot"
    [[ -x "$BINDIR/ingot" ]] || fail "$BINDIR/ingot is not executable"
    check_file "runtime library" "$LIBDIR/libingot_rt.a"
    check_file "runtime header" "$INCLUDEDIR/ingot/rt.h"
    check_file "runtime size header" "$INCLUDEDIR/ingot/size.h"
    check_file "runtime library header" "$INCLUDEDIR/ingot/lib.h"
    check_file "stdlib" "$DATADIR/ingot/stdlib/tensorflow/__init__.py"
    check_file "pkg-config file" "$LIBDIR/pkgconfig/ingot-rt.pc"
}

# The .pc file names the real prefix; --define-variable moves it into DESTDIR
# (PKG_CONFIG_SYSROOT_DIR would also rewrite the absolute paths of system
# libraries such as libdnnl.so, which are not in DESTDIR).
ingot_pkg_config() {
    PKG_CONFIG_PATH="$LIBDIR/pkgconfig" \
        pkg-config --define-variable=prefix="$DEST$PREFIX" "$@" ingot-rt
}

check_pkg_config() {
    local cflags libs
    if ! cflags="$(ingot_pkg_config --cflags)" || ! libs="$(ingot_pkg_config --libs)"; then
        fail "pkg-config --cflags --libs ingot-rt failed"
        return
    fi
    ok "pkg-config --cflags: $cflags"
    ok "pkg-config --libs: $libs"
    # The flags must point into this install, not at some other copy (gcc
    # searches /usr/local/include by itself, so compiling alone would not tell).
    [[ " $cflags " == *" -I$INCLUDEDIR "* ]] || fail "pkg-config cflags lack -I$INCLUDEDIR"
    [[ " $libs " == *" -L$LIBDIR "* ]] || fail "pkg-config libs lack -L$LIBDIR"
    [[ " $libs " == *" -lingot_rt "* ]] || fail "pkg-config libs lack -lingot_rt"
    # A C caller: include the header, link the static runtime and its
    # dependencies with nothing but these flags, and run.
    cat >"$TMP/probe.c" <<'C'
#include <ingot/rt.h>
int main(int argc, char **argv) {
    ig_runtime_init(argc, argv);
    ig_runtime_shutdown();
    return 0;
}
C
    # A sanitized build installs a sanitized runtime; its callers must link the
    # sanitizer runtimes too, as the installed ingot does for the programs it builds.
    local sanitize san_flags=""
    sanitize="$(build_option b_sanitize)"
    [[ -z "$sanitize" || "$sanitize" == none ]] || san_flags="-fsanitize=$sanitize"
    # shellcheck disable=SC2086 # the flags are lists of words by design
    if cc -std=c11 $san_flags $cflags "$TMP/probe.c" -o "$TMP/probe" $libs && "$TMP/probe"; then
        ok "a C program builds and runs with the pkg-config flags"
    else
        fail "a C program does not build and run with the pkg-config flags"
    fi
}

# The real proof: the installed compiler, far from the build tree, builds a
# script against the installed runtime and stdlib, and the program runs.
check_installed_compiler() {
    local work="$TMP/work" build_out run_out
    mkdir -p "$work"
    cat >"$work/hello.py" <<'PY'
import tensorflow as tf

print("hello from build time")
tf.print(tf.constant([1, 2, 3]) * 2)
PY
    if ! build_out="$(cd "$work" && "$BINDIR/ingot" build hello.py -o hello)"; then
        fail "the installed ingot could not build hello.py"
        return
    fi
    if [[ "$build_out" == "hello from build time" ]]; then
        ok "build-time output"
    else
        fail "build-time output: expected 'hello from build time', got '$build_out'"
    fi
    if ! run_out="$(cd "$work" && ./hello)"; then
        fail "the program built by the installed ingot failed"
        return
    fi
    if [[ "$run_out" == "[2 4 6]" ]]; then
        ok "program output"
    else
        fail "program output: expected '[2 4 6]', got '$run_out'"
    fi
}

# The installed compiler builds a C library (ingot build --lib), and a C caller
# compiles and links it with its pkg-config file alone.
check_installed_library() {
    local work="$TMP/libwork" out sanitize san_flags=""
    mkdir -p "$work"
    cat >"$work/tiny.py" <<'PY'
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
def double(x):
    return 2.0 * x
PY
    cat >"$work/caller.c" <<'C'
#include <stdio.h>
#include "tiny.h"
int main(void) {
    char err[256];
    tiny *m = tiny_new(NULL, err, sizeof err);
    float x[3] = {1, 2, 3};
    tiny_tensor in = {TINY_FLOAT32, 1, {3}, x}, out;
    if (m == NULL || tiny_double(m, &in, &out) != 0) return 1;
    const float *y = out.data;
    printf("%g %g %g\n", y[0], y[1], y[2]);
    tiny_delete(m);
    return 0;
}
C
    if ! (cd "$work" && "$BINDIR/ingot" build --lib tiny.py -o lib/tiny); then
        fail "the installed ingot could not build a library"
        return
    fi
    sanitize="$(build_option b_sanitize)"
    [[ -z "$sanitize" || "$sanitize" == none ]] || san_flags="-fsanitize=$sanitize"
    # shellcheck disable=SC2086,SC2046 # lists of words by design
    if cc -std=c11 $san_flags "$work/caller.c" -o "$work/caller" \
            $(PKG_CONFIG_PATH="$work/lib" pkg-config --cflags --libs tiny) &&
        out="$(LD_LIBRARY_PATH="$work/lib" "$work/caller")" && [[ "$out" == "2 4 6" ]]; then
        ok "a C program links the installed ingot's library"
    else
        fail "a C program built with the installed ingot's library failed (got '${out:-}')"
    fi
}

# A tf.distribute script: the installed ingot links it with the installed libingot_mpi
# and the program, built for one replica, runs without mpirun. Without libingot_mpi
# (an Ingot built without Open MPI's -dev package) the build is a located error
# naming the packages to install.
check_installed_distributed() {
    local work="$TMP/distwork" out err
    mkdir -p "$work"
    cat >"$work/dist.py" <<'PY'
import tensorflow as tf

strategy = tf.distribute.MirroredStrategy()
tf.print(strategy.reduce(tf.distribute.ReduceOp.SUM, tf.constant([1.0, 2.0]), axis=None))
PY
    if ! pkg-config --exists ompi-c; then
        fail "Open MPI's development files (libopenmpi-dev) are not installed"
        return
    fi
    check_file "MPI runtime library" "$LIBDIR/libingot_mpi.a"
    check_file "MPI runtime header" "$INCLUDEDIR/ingot/mpi.h"
    if (cd "$work" && "$BINDIR/ingot" build dist.py -o dist) && out="$(cd "$work" && ./dist)" &&
        [[ "$out" == "[1 2]" ]]; then
        ok "a tf.distribute program built by the installed ingot runs alone"
    else
        fail "a tf.distribute program built by the installed ingot failed (got '${out:-}')"
    fi
    rm -f "$LIBDIR/libingot_mpi.a"
    if err="$(cd "$work" && "$BINDIR/ingot" build dist.py -o dist2 2>&1)"; then
        fail "without libingot_mpi, building a tf.distribute script succeeded"
    elif [[ "$err" == *"dist.py:3:12: error: tf.distribute needs MPI"*"libopenmpi-dev"* ]]; then
        ok "without libingot_mpi, a tf.distribute script is a located error"
    else
        fail "without libingot_mpi, the error does not say what to install: $err"
    fi
}

main() {
    PREFIX="$(build_option prefix)"
    stage_install
    BINDIR="$(staged_dir bindir)"
    LIBDIR="$(staged_dir libdir)"
    INCLUDEDIR="$(staged_dir includedir)"
    DATADIR="$(staged_dir datadir)"
    check_layout
    check_pkg_config
    check_installed_compiler
    check_installed_library
    check_installed_distributed
    if [[ $FAILURES -ne 0 ]]; then
        echo "$FAILURES install check(s) failed"
        exit 1
    fi
    echo "install checks passed"
}

main
