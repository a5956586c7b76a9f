# scripts/lib.sh — shared set-up for scripts/test and scripts/run-example.
# Entry points: lib_install_packages, lib_setup_build DIR [MESON_OPTION...],
# lib_compile DIR. Sourced, never executed; owns no state beyond REPO_ROOT/JOBS.
# shellcheck shell=bash

# The repository root, whatever directory the caller was started from.
REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

# Parallel jobs for ninja and meson test. Defaults to every core; set INGOT_JOBS
# on a shared machine.
JOBS="${INGOT_JOBS:-$(nproc 2>/dev/null || echo 2)}"

# Debian packages the build and the tests need: compiler toolchain, the build
# system, the lexer/parser generators, oneDNN (runtime kernels; found through its
# CMake package, hence cmake), Boehm's collector (the build-time interpreter's
# memory), Criterion (unit tests), valgrind (memory checks), clang and its
# compiler-rt (libFuzzer, for the harnesses in tests/fuzz: scripts/fuzz); zlib and
# jansson (the runtime's gzip files and checkpoint headers), NumPy (the test that reads
# a checkpoint with it) and Fashion-MNIST's IDX files (the loaders' real-data tests);
# Graphviz (ingot explain draws the graphs with its dot; the end-to-end tests render
# --emit=dot with dot -Tsvg), Chromium (the explain pages' test loads them headless) and
# Open MPI (tf.distribute's programs run their replicas over it; tests/distribute).
LIB_REQUIRED_PACKAGES=(
    build-essential meson ninja-build re2c bison pkg-config cmake
    libdnnl-dev libgc-dev libcriterion-dev python3 valgrind
    zlib1g-dev libjansson-dev python3-numpy dataset-fashion-mnist
    clang libclang-rt-14-dev graphviz chromium libopenmpi-dev openmpi-bin
)

lib_say() {
    printf '== %s\n' "$*"
}

lib_die() {
    printf 'error: %s\n' "$*" >&2
    exit 1
}

# Run a command as root: directly when we are root, through sudo otherwise.
lib_as_root() {
    if [[ "$(id -u)" -eq 0 ]]; then
        "$@"
    elif command -v sudo >/dev/null 2>&1; then
        sudo "$@"
    else
        lib_die "need root (or sudo) to run: $*"
    fi
}

# True when dpkg knows the package as fully installed. dpkg-query is cheap and
# needs no root, so a machine that already has everything does no apt work.
lib_is_installed() {
    local status
    status="$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null || true)"
    [[ "$status" == "install ok installed" ]]
}

# Install whatever is missing from LIB_REQUIRED_PACKAGES; `apt-get update` runs
# only when there is something to install, and only once.
lib_install_packages() {
    command -v dpkg-query >/dev/null 2>&1 \
        || lib_die "dpkg-query not found: this set-up expects Debian 12"
    local missing=() pkg
    for pkg in "${LIB_REQUIRED_PACKAGES[@]}"; do
        lib_is_installed "$pkg" || missing+=("$pkg")
    done
    if [[ ${#missing[@]} -eq 0 ]]; then
        lib_say "all required packages are installed"
        return 0
    fi
    lib_say "installing missing packages: ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    lib_as_root env DEBIAN_FRONTEND=noninteractive apt-get update -q
    lib_as_root env DEBIAN_FRONTEND=noninteractive \
        apt-get install -y -q --no-install-recommends "${missing[@]}"
}

# Configure build directory DIR (relative to the repository) with the given
# meson options. An existing build directory is reconfigured so the options
# given here always win; if that fails (e.g. a meson upgrade made the old
# configuration unreadable) the directory is wiped and configured afresh.
lib_setup_build() {
    local dir="$1"
    shift
    cd "$REPO_ROOT" || lib_die "cannot enter $REPO_ROOT"
    if [[ -f "$dir/meson-private/coredata.dat" ]]; then
        lib_say "reconfiguring $dir"
        if ! meson setup --reconfigure "$dir" "$@"; then
            lib_say "reconfigure failed; wiping $dir"
            meson setup --wipe "$dir" "$@"
        fi
    else
        lib_say "configuring $dir"
        meson setup "$dir" "$@"
    fi
}

# Build everything in DIR.
lib_compile() {
    lib_say "building $1"
    meson compile -C "$REPO_ROOT/$1" -j "$JOBS"
}
