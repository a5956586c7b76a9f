/* driver.c — the ingot command line and the pipeline as a flat list of stages:
 *   load → lex/parse → trace (tracer on the VM) → verify → emit C → cc.
 * Every stage can be printed with --emit; `ingot opt FILE.ir` runs the passes on IR
 * text instead (graph/read.h). Exit codes: 0 success, 1 errors in the
 * script (or a failing C compiler), 2 usage errors. */
#include "driver.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "arena.h"
#include "ast.h"
#include "autograph.h"
#include "config.h"
#include "diag.h"
#include "emit_c.h"
#include "embed_weights.h"
#include "emit_lib.h"
#include "front_end.h"
#include "passes.h"
#include "lib_package.h"
#include "process.h"
#include "tracer.h"
#include "ir.h"
#include "lexer.h"
#include "parse.h"
#include "read.h"

enum { EXIT_SCRIPT_ERROR = 1, EXIT_USAGE = 2 };

typedef enum {
    EMIT_NONE,
    EMIT_TOKENS,
    EMIT_AST,
    EMIT_AUTOGRAPH,
    EMIT_GRAPH,
    EMIT_DOT,
    EMIT_C
} EmitKind;

typedef struct Options {
    const char *command;     /* "build", "run" or "opt" */
    const char *script;
    const char *output;      /* -o */
    EmitKind emit;
    bool trace_report;       /* --trace-report */
    bool disabled_warnings[WARN__COUNT]; /* -Wno-<name> */
    bool eager;              /* run --eager */
    char **program_args;     /* after -- (run) */
    int nprogram_args;
    unsigned long long max_build_steps;  /* --max-build-steps (0: no limit) */
    bool max_build_steps_given;          /* else the default: none with --eager */
    unsigned long long max_build_mib;    /* --max-build-memory (0: no limit) */
    int opt_level;           /* -O0 .. -O3, default 2 */
    const char *target_cpu;  /* --target-cpu=NAME: the C compiler's -march, or NULL */
    bool lib;                /* --lib: a C library (emit_lib.h, lib_package.h) */
    bool embed_weights;      /* --embed-weights: the variables' values built in */
    const char *weights;     /* --weights=PATH: ...read from this checkpoint at build time */
} Options;

/* The build-time budget's defaults. A step is a statement the build-time interpreter
   runs (5 to 10 million a second): the longest legitimate builds known (bench/, the
   e2e tests) take a few million, an endless loop reaches the limit in about ten seconds.
   The memory limit is half the machine's memory, far above any legitimate trace's
   (bench/: under 30 MiB), low enough to be reported before the system runs out.
   `ingot run --eager` counts no steps unless --max-build-steps is given: there the
   script's loops are the program running (a training loop), not a build. */
#define DEFAULT_MAX_BUILD_STEPS 100000000ull

static unsigned long long default_max_build_mib(void) {
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    if (pages <= 0 || page <= 0) return 0;
    return (unsigned long long)pages / 2 * (unsigned long long)page >> 20;
}

/* Where the runtime's header and library and the stdlib are: beside the build tree
   when run from it, else relative to the installed executable (relocatable prefix). */
typedef struct Paths {
    const char *include_dir;
    const char *runtime_lib;
    const char *stdlib_dir;
} Paths;

static const char usage_text[] =
    "usage: ingot build [-O0..3] [--emit=KIND] [--trace-report] [LIMITS] [-o OUT] FILE.py\n"
    "       ingot build --lib [--embed-weights] [--weights=CKPT] [-O0..3] [LIMITS]\n"
    "                   [-o DIR/NAME] FILE.py\n"
    "       ingot run [-O0..3] [--eager] [LIMITS] FILE.py [-- ARGS...]\n"
    "       ingot opt FILE.ir\n"
    "       ingot --help | --version\n"
    "\n"
    "Compiles a Python/TensorFlow script ahead of time into a native program.\n"
    "The script's Python runs now, at build time (its print() output appears while\n"
    "building); its tensor operations are traced into a graph, emitted as C and\n"
    "compiled against the Ingot runtime and oneDNN.\n"
    "\n"
    "commands:\n"
    "  build FILE.py       build a native program (default name: FILE)\n"
    "  build --lib FILE.py build a C library exporting the script's module-level\n"
    "                      tf.functions (each needs an input_signature): with -o\n"
    "                      DIR/NAME, DIR/NAME.h, DIR/libNAME.a, DIR/libNAME.so and\n"
    "                      DIR/NAME.pc (default NAME: FILE)\n"
    "  run FILE.py         build into a cache directory and run it; ARGS after --\n"
    "                      go to the program\n"
    "  run --eager FILE.py run the script in the interpreter instead, op by op on\n"
    "                      concrete tensors, like TensorFlow's eager mode; no C is\n"
    "                      generated (the reference the compiled program must match)\n"
    "  opt FILE.ir         read graph IR text (what --emit=graph prints), run the\n"
    "                      graph passes on it and print the result\n"
    "\n"
    "options:\n"
    "  -o OUT              name of the program to build\n"
    "  -O0, -O1, -O2, -O3  how hard to optimize the program: -O0 none (the graph\n"
    "                      as traced, C compiled -O0, the quickest build); -O1\n"
    "                      0-d tensors as C scalars, matmul/conv2d + bias +\n"
    "                      relu/sigmoid/tanh as one op, elementwise results\n"
    "                      written over inputs that die with them, C -O1; -O2\n"
    "                      (the default) the same, C -O2; -O3 also C -O3\n"
    "  --lib               build a C library (see 'build --lib' above)\n"
    "  --embed-weights     (--lib) build the variables' values into the library,\n"
    "                      for NAME_new(NULL, ...): their initial values, or\n"
    "  --weights=CKPT      (--lib) those of the safetensors checkpoint CKPT\n"
    "  --target-cpu=CPU    compile the program for this CPU (the C compiler's\n"
    "                      -march: native, x86-64-v3, znver3...); default: any\n"
    "                      x86-64\n"
    "  --emit=KIND         print one stage instead of building, KIND is one of:\n"
    "                        tokens  the lexer's tokens\n"
    "                        ast     the syntax tree, as Python source\n"
    "                        autograph  the tree after AutoGraph's conversion\n"
    "                                   (control flow as ag__ calls)\n"
    "                        graph   the traced graph IR\n"
    "                        dot     the graph for Graphviz (dot -Tsvg)\n"
    "                        c       the generated C\n"
    "  --trace-report      after tracing, list every tf.function's concrete\n"
    "                      signatures: the call that traced each, why, and its size\n"
    "  -Wno-NAME           silence one kind of build warning: retracing,\n"
    "                      large-unrolled-loop, trace-side-effect, non-float-gradient,\n"
    "                      run-eagerly, unsaved-weight\n"
    "\n"
    "limits (LIMITS; 0 means none), past which the build stops with a located error:\n"
    "  --max-build-steps=N     statements the script's Python may run at build\n"
    "                          time; default 100000000, which an endless loop\n"
    "                          reaches in about ten seconds (--eager: no limit\n"
    "                          unless given, as its loops are the program's own)\n"
    "  --max-build-memory=MIB  memory the build may use, in MiB; default half\n"
    "                          of the machine's memory\n"
    "\n"
    "  -h, --help          show this help\n"
    "  --version           show the version\n"
    "\n"
    "environment:\n"
    "  CC                  the C compiler to use (default: cc)\n";

static int usage_error(const char *fmt, const char *arg) {
    fprintf(stderr, "ingot: error: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\n(run 'ingot --help' for usage)\n");
    return EXIT_USAGE;
}

static bool parse_emit(const char *kind, EmitKind *out) {
    static const struct { const char *name; EmitKind kind;
    } kinds[] = {
        {"tokens", EMIT_TOKENS}, {"ast", EMIT_AST}, {"autograph", EMIT_AUTOGRAPH},
        {"graph", EMIT_GRAPH},   {"dot", EMIT_DOT}, {"c", EMIT_C},
    };
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (strcmp(kind, kinds[i].name) == 0) {
            *out = kinds[i].kind;
            return true;
        }
    return false;
}

/* "--name=N" with N a decimal count: true with *out set; false when a isn't --name=. */
static bool parse_count(const char *a, const char *name, unsigned long long *out, int *rc) {
    size_t n = strlen(name);
    if (strncmp(a, name, n) != 0 || a[n] != '=') return false;
    const char *digits = a + n + 1;
    char *end;
    errno = 0;
    *out = strtoull(digits, &end, 10);
    if (*digits < '0' || *digits > '9' || *end || errno)
        *rc = usage_error("'%s' needs a whole number", name);
    return true;
}

/* Returns -1 on success, else the exit code. */
static int parse_options(int argc, char **argv, Options *opt) {
    memset(opt, 0, sizeof *opt);
    opt->command = argv[1];
    opt->max_build_steps = DEFAULT_MAX_BUILD_STEPS;
    opt->max_build_mib = default_max_build_mib();
    opt->opt_level = 2;
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--") == 0) {
            if (strcmp(opt->command, "run") != 0)
                return usage_error("'--' is only used with 'ingot run'%s", "");
            opt->program_args = argv + i + 1;
            opt->nprogram_args = argc - i - 1;
            break;
        }
        int rc = -1;
        if (parse_count(a, "--max-build-steps", &opt->max_build_steps, &rc)) {
            if (rc >= 0) return rc;
            opt->max_build_steps_given = true;
        } else if (parse_count(a, "--max-build-memory", &opt->max_build_mib, &rc)) {
            if (rc >= 0) return rc;
        } else if (strcmp(a, "-o") == 0) {
            if (i + 1 >= argc) return usage_error("'-o' needs a file name%s", "");
            opt->output = argv[++i];
        } else if (a[0] == '-' && a[1] == 'O' && a[2] >= '0' && a[2] <= '3' && !a[3]) {
            opt->opt_level = a[2] - '0';
        } else if (strncmp(a, "--target-cpu=", 13) == 0) {
            opt->target_cpu = a + 13;
            if (!*opt->target_cpu || strspn(opt->target_cpu,
                                            "abcdefghijklmnopqrstuvwxyz0123456789-_.") !=
                                         strlen(opt->target_cpu))
                return usage_error("'--target-cpu=' needs a CPU name such as native or "
                                   "x86-64-v3, not '%s'", opt->target_cpu);
        } else if (strcmp(a, "--lib") == 0) {
            opt->lib = true;
        } else if (strcmp(a, "--embed-weights") == 0) {
            opt->embed_weights = true;
        } else if (strncmp(a, "--weights=", 10) == 0) {
            opt->weights = a + 10;
            opt->embed_weights = true;
            if (!*opt->weights) return usage_error("'--weights=' needs a checkpoint's path%s", "");
        } else if (strcmp(a, "--eager") == 0) {
            opt->eager = true;
        } else if (strcmp(a, "--trace-report") == 0) {
            opt->trace_report = true;
        } else if (strncmp(a, "-Wno-", 5) == 0) {
            int k = 0;
            while (k < WARN__COUNT && strcmp(a + 5, warning_names[k]) != 0) k++;
            if (k == WARN__COUNT)
                return usage_error(
                    "unknown warning '%s' (retracing, large-unrolled-loop, trace-side-effect, "
                    "non-float-gradient, run-eagerly, unsaved-weight, print-traced-tensor)",
                    a + 5);
            opt->disabled_warnings[k] = true;
        } else if (strncmp(a, "--emit=", 7) == 0) {
            if (!parse_emit(a + 7, &opt->emit))
                return usage_error(
                    "unknown --emit kind '%s' (tokens, ast, autograph, graph, dot or c)", a + 7);
        } else if (a[0] == '-' && a[1]) {
            return usage_error("unknown option '%s'", a);
        } else if (opt->script) {
            return usage_error("more than one script given ('%s')", a);
        } else {
            opt->script = a;
        }
    }
    if (!opt->script) return usage_error("no script given%s", "");
    if (strcmp(opt->command, "run") == 0 && (opt->emit || opt->output))
        return usage_error("'ingot run' takes no --emit or -o%s", "");
    if (strcmp(opt->command, "opt") == 0 &&
        (opt->emit || opt->output || opt->eager || opt->trace_report))
        return usage_error("'ingot opt' takes a FILE.ir alone%s", "");
    if (opt->lib && strcmp(opt->command, "build") != 0)
        return usage_error("'--lib' goes with 'ingot build' alone%s", "");
    if (opt->embed_weights && !opt->lib)
        return usage_error("'--embed-weights' and '--weights=' go with 'ingot build --lib'%s", "");
    if (opt->eager && (strcmp(opt->command, "run") != 0 || opt->trace_report))
        return usage_error("'--eager' goes with 'ingot run' alone (no --trace-report)%s", "");
    return -1;
}

/* ---- Locating the runtime -------------------------------------------------------------- */

static const char *exe_dir(Arena *a) {
    char buf[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
    if (n <= 0) return NULL;
    buf[n] = '\0';
    char *slash = strrchr(buf, '/');
    if (slash) *slash = '\0';
    return arena_strdup(a, buf);
}

static const char *join(Arena *a, const char *base, const char *rel) {
    return rel[0] == '/' ? rel : arena_printf(a, "%s/%s", base, rel);
}

static bool find_paths(Arena *a, Paths *p) {
    const char *dir = exe_dir(a);
    if (!dir) return false;
    char real_build[PATH_MAX];
    const char *build_compiler = arena_printf(a, "%s/compiler", INGOT_BUILD_ROOT);
    if (realpath(build_compiler, real_build) && strcmp(real_build, dir) == 0) {
        p->include_dir = INGOT_SOURCE_ROOT "/runtime/include";
        p->runtime_lib = INGOT_BUILD_ROOT "/runtime/libingot_rt.a";
        p->stdlib_dir = INGOT_SOURCE_ROOT "/stdlib";
        return true;
    }
    const char *prefix = arena_printf(a, "%s/..", dir);
    p->include_dir = join(a, prefix, INGOT_INCLUDEDIR);
    p->runtime_lib = arena_printf(a, "%s/libingot_rt.a", join(a, prefix, INGOT_LIBDIR));
    p->stdlib_dir = arena_printf(a, "%s/ingot/stdlib", join(a, prefix, INGOT_DATADIR));
    return true;
}

/* ---- Running the C compiler and the program ---------------------------------------------- */

/* Compiles c_file into the program output, or with lib_dir (ingot build --lib) into
   the position-independent object output, its entry points the only visible symbols. */
static int compile_c(Arena *a, const Options *opt, const Paths *paths, const char *c_file,
                     const char *output, const char *lib_dir) {
    const char *cc = getenv("CC");
    if (!cc || !*cc) cc = "cc";
    char *argv[64];
    int n = process_split_words(a, cc, argv, 16);
    /* -O2 by default: C scalars and their loops (emit_scalar.h) want it. Two of its
       passes only cost time on the emitted code's long straight-line functions: SLP
       vectorization and dead-store elimination's alias walks made a tf.stack of 4000
       tensors take 39 s of CPU (5 s at -O1), for no gain on calls into the runtime
       (compiled on its own). -fno-tree-pta: GCC's points-to analysis is quadratic in
       the address-taken statics of a function (every node's site): 1200 adds took
       two minutes to compile, 2 s without it. Long functions come in parts besides
       (emit_c.c), as register allocation is quadratic in a function's length. */
    static const char *const levels[][4] = {
        {"-O0", NULL},
        {"-O1", "-fno-tree-pta", NULL},
        {"-O2", "-fno-tree-pta", "-fno-tree-slp-vectorize", "-fno-tree-dse"},
        {"-O3", "-fno-tree-pta", "-fno-tree-slp-vectorize", "-fno-tree-dse"},
    };
    for (int i = 0; i < 4 && levels[opt->opt_level][i]; i++)
        argv[n++] = (char *)levels[opt->opt_level][i];
    if (opt->target_cpu) argv[n++] = arena_printf(a, "-march=%s", opt->target_cpu);
    /* No FMA contraction (clang's default contracts): the fused loops compute each
       element as the kernels do, whatever --target-cpu allows. */
    const char *flags[] = {"-std=c11", "-ffp-contract=off", "-w", "-I", paths->include_dir,
                           c_file, "-o", output};
    for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++) argv[n++] = (char *)flags[i];
    if (lib_dir) {
        const char *obj_flags[] = {"-c", "-fPIC", "-fvisibility=hidden", "-fopenmp", "-I",
                                   lib_dir};
        for (size_t i = 0; i < sizeof obj_flags / sizeof obj_flags[0]; i++)
            argv[n++] = (char *)obj_flags[i];
    } else {
        argv[n++] = (char *)paths->runtime_lib;
        n += lib_package_link_flags(argv + n);
    }
    char *sanitize[4];
    int ns = process_split_words(a, INGOT_SANITIZE_FLAGS, sanitize, 4);
    for (int i = 0; i < ns; i++) argv[n++] = sanitize[i];
    argv[n] = NULL;
    int rc = process_run(argv);
    if (rc != 0) {
        fprintf(stderr,
                "ingot: error: the C compiler '%s' failed (status %d) on the generated code, kept "
                "at '%s'\n",
                cc, rc, c_file);
        return EXIT_SCRIPT_ERROR;
    }
    return 0;
}

static const char *default_output(Arena *a, const char *script) {
    const char *base = strrchr(script, '/');
    base = base ? base + 1 : script;
    size_t n = strlen(base);
    if (n > 3 && strcmp(base + n - 3, ".py") == 0) n -= 3;
    return arena_strndup(a, base, n);
}

static bool make_dirs(const char *path) {
    char buf[PATH_MAX];
    snprintf(buf, sizeof buf, "%s", path);
    for (char *p = buf + 1; *p; p++) {
        if (*p != '/') continue;
        *p = '\0';
        if (mkdir(buf, 0755) != 0 && errno != EEXIST) return false;
        *p = '/';
    }
    return mkdir(buf, 0755) == 0 || errno == EEXIST;
}

/* ---- The pipeline ---------------------------------------------------------------------- */

/* ingot's own files and the script, each failure reported; NULL after one. */
static SourceFile *load_script(Arena *a, const Options *opt, Paths *paths) {
    if (!find_paths(a, paths)) {
        fprintf(stderr,
                "ingot: error: cannot locate ingot's own files (/proc/self/exe unreadable)\n");
        return NULL;
    }
    SourceFile *file = diag_load_file(a, opt->script);
    if (!file)
        fprintf(stderr, "ingot: error: cannot read '%s': %s\n", opt->script, strerror(errno));
    return file;
}

static const char *lib_name(Arena *a, const Options *opt);
static bool embed_library_weights(Module *m, const Options *opt);
static bool embed_library_initial_values(Module *m);
static bool prepare_library(Arena *a, Diag *diag, Module *m, const Options *opt);
static int build_library(Arena *a, const Options *opt, const Paths *paths, const Module *m,
                         const EmitOptions *eopt, const char *output);

/* Builds opt->script: one stage after another, each --emit= kind stopping after its
   stage (output == NULL). Returns an exit code. */
static int build(Arena *a, const Options *opt, const char *output) {
    Diag diag;
    diag_init(&diag, stderr);
    if (opt->lib && !emit_lib_name_is_valid(lib_name(a, opt))) {
        fprintf(stderr,
                "ingot: error: a library's name prefixes its C functions (NAME_new...): a C "
                "identifier that is no C keyword or C library name, without '__' or an "
                "'ig' prefix, not '%s'; name it with -o DIR/NAME\n",
                lib_name(a, opt));
        return EXIT_USAGE;
    }
    Paths paths;
    SourceFile *file = load_script(a, opt, &paths);
    if (!file) return EXIT_SCRIPT_ERROR;
    if (opt->emit == EMIT_TOKENS) {
        lexer_print_tokens(stdout, a, &diag, file);
        return diag_has_errors(&diag) ? EXIT_SCRIPT_ERROR : 0;
    }
    Node *ast = parse_file(a, &diag, file);
    if (!ast) return EXIT_SCRIPT_ERROR;
    if (opt->emit == EMIT_AST) {
        ast_print(stdout, ast);
        return 0;
    }
    Node *converted = autograph_convert_module(a, &diag, ast);
    if (!converted) return EXIT_SCRIPT_ERROR;
    if (opt->emit == EMIT_AUTOGRAPH) {
        ast_print(stdout, converted);
        return 0;
    }
    /* With --emit the stage goes to stdout, so build-time print() output moves aside. */
    TracerOptions topt = {
        .vm = {.stdlib_dir = paths.stdlib_dir, .out = opt->emit ? stderr : stdout,
               .load = front_end_load, .max_steps = opt->max_build_steps},
        .trace_report = !opt->trace_report ? NULL : opt->emit ? stderr : stdout,
        .library = opt->lib};
    memcpy(topt.vm.disabled_warnings, opt->disabled_warnings, sizeof topt.vm.disabled_warnings);
    Module *m = tracer_trace_program(a, &diag, converted, &topt);
    fflush(stdout);
    if (!m) return EXIT_SCRIPT_ERROR;
    if (opt->lib && !prepare_library(a, &diag, m, opt)) return EXIT_SCRIPT_ERROR;
    passes_run(a, m, opt->opt_level);
    if (opt->emit == EMIT_GRAPH) {
        graph_print(stdout, m);
        return 0;
    }
    if (opt->emit == EMIT_DOT) {
        graph_print_dot(stdout, m);
        return 0;
    }
    const char *slash = strrchr(opt->script, '/');
    EmitOptions eopt = {.script_name = slash ? slash + 1 : opt->script,
                        .scalars = opt->opt_level >= 1,
                        .donate = opt->opt_level >= 1,
                        .lib_name = opt->lib ? lib_name(a, opt) : NULL};
    if (opt->emit == EMIT_C) {
        emit_c_module(stdout, a, m, &eopt);
        return 0;
    }
    if (opt->lib) return build_library(a, opt, &paths, m, &eopt, output);
    /* The C goes next to the program, as OUT.c, while it is compiled. */
    const char *c_file = arena_printf(a, "%s.c", output);
    FILE *cf = fopen(c_file, "w");
    if (!cf) {
        fprintf(stderr, "ingot: error: cannot write '%s': %s\n", c_file, strerror(errno));
        return EXIT_SCRIPT_ERROR;
    }
    emit_c_module(cf, a, m, &eopt);
    if (fclose(cf) != 0) {
        fprintf(stderr, "ingot: error: cannot write '%s': %s\n", c_file, strerror(errno));
        return EXIT_SCRIPT_ERROR;
    }
    int rc = compile_c(a, opt, &paths, c_file, output, NULL);
    if (rc == 0) remove(c_file);
    return rc;
}

/* What a library's module needs before the passes: no flags, its weights built in
   (--weights, --embed-weights) and @main reduced to its initializers. */
static bool prepare_library(Arena *a, Diag *diag, Module *m, const Options *opt) {
    if (m->nflags > 0) { /* a library has no command line to read them from */
        diag_error(diag, m->flags[0]->loc,
                   "not supported yet: ingot.flag in a C library (a library has no command "
                   "line; make it a constant)");
        return false;
    }
    if (opt->weights && !embed_library_weights(m, opt)) return false;
    pass_library_init(a, m);
    return !opt->embed_weights || embed_library_initial_values(m);
}

/* --weights=PATH: the checkpoint's values become the variables' initial values. */
static bool embed_library_weights(Module *m, const Options *opt) {
    char err[1024];
    if (embed_weights(m, opt->weights, err, sizeof err)) return true;
    fprintf(stderr, "ingot: error: --weights: %s\n", err);
    return false;
}

/* --embed-weights: the initial values the program computes, computed now. */
static bool embed_library_initial_values(Module *m) {
    char err[1024];
    if (embed_initial_values(m, err, sizeof err)) return true;
    fprintf(stderr, "ingot: error: --embed-weights: %s\n", err);
    return false;
}

/* A library's NAME: the base name of -o (or of the script). */
static const char *lib_name(Arena *a, const Options *opt) {
    const char *out = opt->output ? opt->output : default_output(a, opt->script);
    const char *slash = strrchr(out, '/');
    return slash ? slash + 1 : out;
}

static bool write_file(const char *path, FILE **f) {
    *f = fopen(path, "w");
    if (!*f) fprintf(stderr, "ingot: error: cannot write '%s': %s\n", path, strerror(errno));
    return *f != NULL;
}

static bool close_file(const char *path, FILE *f) {
    if (fclose(f) == 0) return true;
    fprintf(stderr, "ingot: error: cannot write '%s': %s\n", path, strerror(errno));
    return false;
}

/* ingot build --lib: DIR/NAME.h, then the C compiled into DIR/libNAME.a and .so, and
   DIR/NAME.pc (lib_package.h). The intermediate files go to a temporary directory of
   the build's own (DIR may hold the user's NAME.c); the C stays there when the C
   compiler fails on it, and the message says where. */
static int build_library(Arena *a, const Options *opt, const Paths *paths, const Module *m,
                         const EmitOptions *eopt, const char *output) {
    const char *name = eopt->lib_name;
    const char *slash = strrchr(output, '/');
    const char *dir = slash ? arena_strndup(a, output, (size_t)(slash - output)) : ".";
    if (!*dir) dir = "/";
    if (!make_dirs(dir)) {
        fprintf(stderr, "ingot: error: cannot create '%s': %s\n", dir, strerror(errno));
        return EXIT_SCRIPT_ERROR;
    }
    const char *tmp = getenv("TMPDIR");
    char *work = arena_printf(a, "%s/ingot-lib-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(work)) {
        fprintf(stderr, "ingot: error: cannot create a temporary directory '%s': %s\n", work,
                strerror(errno));
        return EXIT_SCRIPT_ERROR;
    }
    const char *h_file = arena_printf(a, "%s/%s.h", dir, name);
    const char *c_file = arena_printf(a, "%s/%s.c", work, name);
    const char *o_file = arena_printf(a, "%s/%s.o", work, name);
    FILE *f;
    if (!write_file(h_file, &f)) return EXIT_SCRIPT_ERROR;
    emit_lib_header(f, a, m, name, eopt->script_name);
    if (!close_file(h_file, f) || !write_file(c_file, &f)) return EXIT_SCRIPT_ERROR;
    emit_c_module(f, a, m, eopt);
    if (!close_file(c_file, f)) return EXIT_SCRIPT_ERROR;
    int rc = compile_c(a, opt, paths, c_file, o_file, dir);
    if (rc != 0) return rc;
    remove(c_file);
    const char **symbols = ARENA_ARRAY(a, const char *, m->nexports + 3);
    int n = 0;
    symbols[n++] = arena_printf(a, "%s_new", name);
    symbols[n++] = arena_printf(a, "%s_delete", name);
    symbols[n++] = arena_printf(a, "%s_last_error", name);
    for (int i = 0; i < m->nexports; i++)
        symbols[n++] = arena_printf(a, "%s_%s", name, m->exports[i].name);
    LibPackage pkg = {.out_dir = dir, .work_dir = work, .name = name, .object = o_file,
                      .runtime_lib = paths->runtime_lib, .symbols = symbols, .nsymbols = n,
                      .description = arena_printf(a, "%s, a model compiled by ingot from %s",
                                                  name, eopt->script_name)};
    bool ok = lib_package_write(a, &pkg);
    remove(o_file);
    rmdir(work);
    return ok ? 0 : EXIT_SCRIPT_ERROR;
}


/* The flags a script declares, learnt by tracing it as `ingot build` would, its
   output and diagnostics discarded; NULL when that trace fails (some scripts work
   only eagerly), and eager mode then learns the flags as the script declares them. */
static const Module *declared_flags(Arena *a, SourceFile *file, const Paths *paths,
                                    const Options *opt) {
    FILE *discard = fopen("/dev/null", "w");
    if (!discard) return NULL;
    Diag quiet;
    diag_init(&quiet, discard);
    Node *ast = front_end_load(NULL, a, &quiet, file);
    TracerOptions topt = {.vm = {.stdlib_dir = paths->stdlib_dir, .out = discard,
                                 .load = front_end_load, .max_steps = opt->max_build_steps}};
    for (int i = 0; i < WARN__COUNT; i++) topt.vm.disabled_warnings[i] = true;
    const Module *m = ast ? tracer_trace_program(a, &quiet, ast, &topt) : NULL;
    fclose(discard);
    return m;
}

/* ingot run --eager: parse, AutoGraph, then the interpreter runs every op at once. */
static int run_eager(Arena *a, const Options *opt) {
    Diag diag;
    diag_init(&diag, stderr);
    Paths paths;
    SourceFile *file = load_script(a, opt, &paths);
    if (!file) return EXIT_SCRIPT_ERROR;
    Node *ast = front_end_load(NULL, a, &diag, file);
    if (!ast) return EXIT_SCRIPT_ERROR;
    /* The program's command line: its name, then the ARGS after --. */
    char **argv = ARENA_ARRAY(a, char *, opt->nprogram_args + 2);
    argv[0] = (char *)default_output(a, opt->script);
    for (int i = 0; i < opt->nprogram_args; i++) argv[i + 1] = opt->program_args[i];
    TracerOptions topt = {
        .vm = {.stdlib_dir = paths.stdlib_dir, .out = stdout, .load = front_end_load,
               .max_steps = opt->max_build_steps_given ? opt->max_build_steps : 0},
        .argc = opt->nprogram_args + 1,
        .argv = argv};
    /* A command line is checked whole before anything runs, as the compiled program
       checks it: that needs every flag, declared anywhere in the script. */
    if (opt->nprogram_args > 0) topt.declared_flags = declared_flags(a, file, &paths, opt);
    int rc = tracer_run_eager(a, &diag, ast, &topt);
    fflush(stdout);
    return rc;
}

/* ingot run: build into ~/.cache/ingot (or $XDG_CACHE_HOME/ingot), then run. */
static int run(Arena *a, const Options *opt) {
    const char *cache = getenv("XDG_CACHE_HOME");
    const char *home = getenv("HOME");
    const char *dir = cache && *cache ? arena_printf(a, "%s/ingot", cache)
                      : home && *home ? arena_printf(a, "%s/.cache/ingot", home)
                                      : "/tmp/ingot-cache";
    char real[PATH_MAX];
    const char *key = realpath(opt->script, real) ? real : opt->script;
    uint64_t h = 1469598103934665603ull;
    for (const char *p = key; *p; p++) h = (h ^ (unsigned char)*p) * 1099511628211ull;
    /* One directory per script (by its path's hash), the program named after the
       script: its --help and error messages then say "train", not a hash. */
    dir = arena_printf(a, "%s/%016llx", dir, (unsigned long long)h);
    if (!make_dirs(dir)) {
        fprintf(stderr, "ingot: error: cannot create the cache directory '%s': %s\n", dir,
                strerror(errno));
        return EXIT_SCRIPT_ERROR;
    }
    const char *output = arena_printf(a, "%s/%s", dir, default_output(a, opt->script));
    int rc = build(a, opt, output);
    if (rc != 0) return rc;
    char **argv = ARENA_ARRAY(a, char *, opt->nprogram_args + 2);
    argv[0] = (char *)output;
    for (int i = 0; i < opt->nprogram_args; i++) argv[i + 1] = opt->program_args[i];
    rc = process_run(argv);
    return rc < 0 ? EXIT_SCRIPT_ERROR : rc;
}

/* ingot opt FILE.ir: the IR text read back (read.h), the passes run on it, the result
   printed: a pass's effect on a graph, without a script to trace it from. */
static int opt_ir(Arena *a, const Options *opt) {
    Diag diag;
    diag_init(&diag, stderr);
    Module *m = ir_read_file(a, &diag, opt->script);
    if (!m) return EXIT_SCRIPT_ERROR;
    passes_run(a, m, opt->opt_level);
    graph_print(stdout, m);
    return 0;
}

int driver_main(int argc, char **argv) {
    if (argc < 2) {
        fputs(usage_text, stderr);
        return EXIT_USAGE;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
        strcmp(argv[1], "help") == 0) {
        fputs(usage_text, stdout);
        return 0;
    }
    if (strcmp(argv[1], "--version") == 0) {
        printf("ingot %s\n", INGOT_VERSION);
        return 0;
    }
    if (strcmp(argv[1], "build") != 0 && strcmp(argv[1], "run") != 0 && strcmp(argv[1], "opt") != 0)
        return usage_error("unknown command '%s' (build, run or opt)", argv[1]);
    Options opt;
    int rc = parse_options(argc, argv, &opt);
    if (rc >= 0) return rc;
    Arena *arena = arena_new();
    arena_set_memory_limit((size_t)opt.max_build_mib << 20);
    if (strcmp(opt.command, "run") == 0) rc = opt.eager ? run_eager(arena, &opt) : run(arena, &opt);
    else if (strcmp(opt.command, "opt") == 0) rc = opt_ir(arena, &opt);
    else
        rc = build(arena, &opt,
                   opt.emit     ? NULL
                   : opt.output ? opt.output
                                : default_output(arena, opt.script));
    arena_free(arena);
    return rc;
}
