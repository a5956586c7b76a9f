/* driver.c — the ingot command line and the pipeline as a flat list of stages:
 *   load → lex/parse → trace (tracer on the VM) → verify → emit C → cc.
 * Every stage can be printed with --emit; `ingot opt FILE.ir` runs the passes on IR
 * text instead (graph/read.h). The options come from cli.h. Exit codes: 0 success,
 * 1 errors in the script (or a failing C compiler), 2 usage errors. */
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
#include "ast_dump.h"
#include "autograph.h"
#include "cli.h"
#include "config.h"
#include "diag.h"
#include "emit_c.h"
#include "embed_weights.h"
#include "explain.h"
#include "emit_lib.h"
#include "front_end.h"
#include "hash.h"
#include "passes.h"
#include "lib_package.h"
#include "process.h"
#include "tracer.h"
#include "ir.h"
#include "lexer.h"
#include "parse.h"
#include "read.h"
#include "stages.h"

/* Where the runtime's header and library and the stdlib are: beside the build tree
   when run from it, else relative to the installed executable (relocatable prefix). */
typedef struct Paths {
    const char *include_dir;
    const char *runtime_lib;
    const char *mpi_lib;  /* libingot_mpi.a: tf.distribute's programs link it too */
    const char *stdlib_dir;
} Paths;

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
        p->mpi_lib = INGOT_BUILD_ROOT "/runtime/libingot_mpi.a";
        p->stdlib_dir = INGOT_SOURCE_ROOT "/stdlib";
        return true;
    }
    const char *prefix = arena_printf(a, "%s/..", dir);
    p->include_dir = join(a, prefix, INGOT_INCLUDEDIR);
    p->runtime_lib = arena_printf(a, "%s/libingot_rt.a", join(a, prefix, INGOT_LIBDIR));
    p->mpi_lib = arena_printf(a, "%s/libingot_mpi.a", join(a, prefix, INGOT_LIBDIR));
    p->stdlib_dir = arena_printf(a, "%s/ingot/stdlib", join(a, prefix, INGOT_DATADIR));
    return true;
}

/* ---- Running the C compiler and the program ---------------------------------------------- */

/* Compiles c_file into the program output, or with lib_dir (ingot build --lib) into
   the position-independent object output, its entry points the only visible symbols.
   A distributed program (tf.distribute) links libingot_mpi and MPI besides. */
static int compile_c(Arena *a, const Options *opt, const Paths *paths, const char *c_file,
                     const char *output, const char *lib_dir, bool distributed) {
    const char *cc = getenv("CC");
    if (!cc || !*cc) cc = "cc";
    char *argv[96];
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
        if (distributed) argv[n++] = (char *)paths->mpi_lib;
        argv[n++] = (char *)paths->runtime_lib;
        n += lib_package_link_flags(argv + n);
        if (distributed) n += process_split_words(a, INGOT_MPI_LINK_FLAGS, argv + n, 16);
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

/* The settings of the command line that every stage of a build shares. */
static StageOptions stage_options(const Options *opt, const Paths *paths) {
    return (StageOptions){.stdlib_dir = paths->stdlib_dir,
                          .max_build_steps = opt->max_build_steps,
                          .disabled_warnings = opt->disabled_warnings,
                          .error_warnings = opt->error_warnings,
                          .opt_level = opt->opt_level};
}

static const char *lib_name(Arena *a, const Options *opt);
static bool embed_library_weights(Module *m, const Options *opt);
static bool embed_library_initial_values(Module *m);
static bool prepare_library(Arena *a, Diag *diag, Module *m, const Options *opt);
static int build_library(Arena *a, const Options *opt, const Paths *paths, const Module *m,
                         const EmitOptions *eopt, const char *output);

/* Where an --emit stage goes: standard output, or the file of -o FILE (but a library's
   -o names the library, whose name its C holds). NULL after reporting that the file
   cannot be written. */
static FILE *open_emit_output(const Options *opt) {
    if (!opt->output || opt->lib || strcmp(opt->output, "-") == 0) return stdout;
    FILE *f = fopen(opt->output, "w");
    if (!f) fprintf(stderr, "ingot: error: cannot write '%s': %s\n", opt->output, strerror(errno));
    return f;
}

/* The --emit stage written to out: an exit code (0, or 1 when -o FILE failed). */
static int close_emit_output(const Options *opt, FILE *out, int rc) {
    if (out == stdout) return rc;
    if (fclose(out) != 0) {
        fprintf(stderr, "ingot: error: cannot write '%s': %s\n", opt->output, strerror(errno));
        return EXIT_SCRIPT_ERROR;
    }
    return rc;
}

static int build_stages(Arena *a, Diag *diag, const Options *opt, const char *output, FILE *out);

/* What tells one build of a distributed program from another, so that its replicas
   can check at start that they run the same one: a hash of the graph (whatever the
   script, its imports and the build's flags made of it) and of the C compiler's options. */
static const char *build_id(Arena *a, const Module *m, const Options *opt) {
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    uint64_t h = hash_bytes("", 0);
    if (f) {
        graph_print(f, m);
        fprintf(f, "-O%d %s", opt->opt_level, opt->target_cpu ? opt->target_cpu : "");
        fclose(f);
        h = hash_bytes(text, len);
        free(text);
    }
    return arena_printf(a, "%016llx", (unsigned long long)h);
}

/* Builds opt->script: one stage after another, each --emit= kind stopping after its
   stage (output == NULL) and printing it to standard output or -o's file. Returns an
   exit code. */
static int build(Arena *a, const Options *opt, const char *output) {
    Diag diag;
    diag_init(&diag, stderr);
    diag.color = opt->color;
    if (opt->lib && !emit_lib_name_is_valid(lib_name(a, opt))) {
        fprintf(stderr,
                "ingot: error: a library's name prefixes its C functions (NAME_new...): a C "
                "identifier that is no C keyword or C library name, without '__' or an "
                "'ig' prefix, not '%s'; name it with -o DIR/NAME\n",
                lib_name(a, opt));
        return EXIT_USAGE;
    }
    FILE *out = stdout;
    if (opt->emit && !(out = open_emit_output(opt))) return EXIT_SCRIPT_ERROR;
    int rc = build_stages(a, &diag, opt, output, out);
    return opt->emit ? close_emit_output(opt, out, rc) : rc;
}

static int build_stages(Arena *a, Diag *diag, const Options *opt, const char *output, FILE *out) {
    Paths paths;
    SourceFile *file = load_script(a, opt, &paths);
    if (!file) return EXIT_SCRIPT_ERROR;
    if (opt->emit == EMIT_TOKENS) {
        lexer_print_tokens(out, a, diag, file);
        return diag_has_errors(diag) ? EXIT_SCRIPT_ERROR : 0;
    }
    Node *ast = parse_file(a, diag, file);
    if (!ast) return EXIT_SCRIPT_ERROR;
    if (opt->emit == EMIT_AST) {
        ast_dump(out, ast);
        return 0;
    }
    Node *converted = autograph_convert_module(a, diag, ast);
    if (!converted) return EXIT_SCRIPT_ERROR;
    if (opt->emit == EMIT_AUTOGRAPH) {
        ast_print(out, converted);
        return 0;
    }
    /* With --emit to standard output, build-time print() output moves aside. */
    FILE *aside = opt->emit && out == stdout ? stderr : stdout;
    StageOptions so = stage_options(opt, &paths);
    TracerOptions topt = stage_tracer_options(&so, aside, opt->trace_report ? aside : NULL);
    topt.library = opt->lib;
    topt.replicas = opt->replicas;
    Module *m = tracer_trace_program(a, diag, converted, &topt);
    fflush(stdout);
    if (!m) return EXIT_SCRIPT_ERROR;
    if (opt->lib && !prepare_library(a, diag, m, opt)) return EXIT_SCRIPT_ERROR;
    if (opt->replicas > 1 && m->replicas == 0) {
        fprintf(stderr, "ingot: error: --replicas=%d, but '%s' makes no tf.distribute strategy: "
                "it would run as %d copies of one program\n", opt->replicas, opt->script,
                opt->replicas);
        return EXIT_USAGE;
    }
    passes_run(a, m, opt->opt_level);
    if (opt->emit == EMIT_GRAPH) {
        graph_print(out, m);
        return 0;
    }
    if (opt->emit == EMIT_DOT || opt->emit == EMIT_DOT_ALL) {
        graph_print_dot_with(out, m, NULL,
                             &(DotOptions){.all = opt->emit == EMIT_DOT_ALL, .legend = true});
        return 0;
    }
    const char *slash = strrchr(opt->script, '/');
    EmitOptions eopt = stage_emit_options(&so, slash ? slash + 1 : opt->script);
    eopt.lib_name = opt->lib ? lib_name(a, opt) : NULL;
    eopt.build_id = m->replicas > 0 ? build_id(a, m, opt) : NULL;
    if (opt->emit == EMIT_C) {
        emit_c_module(out, a, m, &eopt);
        return 0;
    }
    if (opt->lib) return build_library(a, opt, &paths, m, &eopt, output);
    if (m->replicas > 0 && access(paths.mpi_lib, R_OK) != 0) {
        /* An Ingot built (or installed) without Open MPI's development files. */
        diag_error(diag, m->distribute_loc,
                   "tf.distribute needs MPI, and this Ingot has no '%s': " TRACER_MPI_ADVICE,
                   paths.mpi_lib);
        return EXIT_SCRIPT_ERROR;
    }
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
    int rc = compile_c(a, opt, &paths, c_file, output, NULL, m->replicas > 0);
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
    int rc = compile_c(a, opt, paths, c_file, o_file, dir, false);
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
    StageOptions so = stage_options(opt, paths);
    so.error_warnings = NULL;
    TracerOptions topt = stage_tracer_options(&so, discard, NULL);
    for (int i = 0; i < WARN__COUNT; i++) topt.vm.disabled_warnings[i] = true;
    const Module *m = ast ? tracer_trace_program(a, &quiet, ast, &topt) : NULL;
    fclose(discard);
    return m;
}

/* ingot run --eager: parse, AutoGraph, then the interpreter runs every op at once. */
static int run_eager(Arena *a, const Options *opt) {
    Diag diag;
    diag_init(&diag, stderr);
    diag.color = opt->color;
    Paths paths;
    SourceFile *file = load_script(a, opt, &paths);
    if (!file) return EXIT_SCRIPT_ERROR;
    Node *ast = front_end_load(NULL, a, &diag, file);
    if (!ast) return EXIT_SCRIPT_ERROR;
    /* The program's command line: its name, then the ARGS after --. */
    char **argv = ARENA_ARRAY(a, char *, opt->nprogram_args + 2);
    argv[0] = (char *)default_output(a, opt->script);
    for (int i = 0; i < opt->nprogram_args; i++) argv[i + 1] = opt->program_args[i];
    StageOptions so = stage_options(opt, &paths);
    so.max_build_steps = opt->max_build_steps_given ? opt->max_build_steps : 0;
    TracerOptions topt = stage_tracer_options(&so, stdout, NULL);
    topt.argc = opt->nprogram_args + 1;
    topt.argv = argv;
    /* A command line is checked whole before anything runs, as the compiled program
       checks it: that needs every flag, declared anywhere in the script. */
    if (opt->nprogram_args > 0) topt.declared_flags = declared_flags(a, file, &paths, opt);
    int rc = tracer_run_eager(a, &diag, ast, &topt);
    fflush(stdout);
    /* -Werror: a warning made an error fails the run, as it fails a build. */
    return rc == 0 && diag_has_errors(&diag) ? EXIT_SCRIPT_ERROR : rc;
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
    uint64_t h = hash_bytes(key, strlen(key));
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
    /* On a terminal, where the build's print() output ends and the program's begins;
       piped (tests, scripts), the output is the build's and the program's alone. */
    if (isatty(STDOUT_FILENO)) puts("--");
    fflush(stdout);
    char **argv = ARENA_ARRAY(a, char *, opt->nprogram_args + 8);
    int n = 0;
    if (opt->replicas > 1) {
        /* The replicas of a distributed program, on this machine: Open MPI's mpirun,
           allowed more processes than cores (a test of 4 replicas on a laptop) and, as
           root in a container, to run at all. */
        argv[n++] = "mpirun";
        argv[n++] = "-n";
        argv[n++] = arena_printf(a, "%d", opt->replicas);
        argv[n++] = "--oversubscribe";
        if (geteuid() == 0) argv[n++] = "--allow-run-as-root";
    }
    argv[n++] = (char *)output;
    for (int i = 0; i < opt->nprogram_args; i++) argv[n++] = opt->program_args[i];
    argv[n] = NULL;
    rc = process_run(argv);
    return rc < 0 ? EXIT_SCRIPT_ERROR : rc;
}

/* ingot opt FILE.ir: the IR text read back (read.h), the passes run on it, the result
   printed: a pass's effect on a graph, without a script to trace it from. */
static int opt_ir(Arena *a, const Options *opt) {
    Diag diag;
    diag_init(&diag, stderr);
    diag.color = opt->color;
    Module *m = ir_read_file(a, &diag, opt->script);
    if (!m) return EXIT_SCRIPT_ERROR;
    passes_run(a, m, opt->opt_level);
    graph_print(stdout, m);
    return 0;
}

/* ingot explain FILE.py: the page (explain.h), FILE.html beside the script unless -o. */
static int explain(Arena *a, const Options *opt) {
    Paths paths;
    if (!find_paths(a, &paths)) {
        fprintf(stderr,
                "ingot: error: cannot locate ingot's own files (/proc/self/exe unreadable)\n");
        return EXIT_SCRIPT_ERROR;
    }
    const char *output = opt->output;
    if (!output) {
        size_t n = strlen(opt->script);
        if (n > 3 && strcmp(opt->script + n - 3, ".py") == 0) n -= 3;
        output = arena_printf(a, "%.*s.html", (int)n, opt->script);
    }
    ExplainOptions eopt = {.script = opt->script, .output = output,
                           .self = "/proc/self/exe", .run = opt->run_both,
                           .stages = stage_options(opt, &paths)};
    return explain_main(a, &eopt);
}

int driver_main(int argc, char **argv) {
    Options opt;
    int rc = cli_parse(argc, argv, &opt);
    if (rc >= 0) return rc;
    Arena *arena = arena_new();
    arena_set_memory_limit((size_t)opt.max_build_mib << 20);
    if (strcmp(opt.command, "run") == 0) rc = opt.eager ? run_eager(arena, &opt) : run(arena, &opt);
    else if (strcmp(opt.command, "opt") == 0) rc = opt_ir(arena, &opt);
    else if (strcmp(opt.command, "explain") == 0) rc = explain(arena, &opt);
    else
        rc = build(arena, &opt,
                   opt.emit     ? NULL
                   : opt.output ? opt.output
                                : default_output(arena, opt.script));
    arena_free(arena);
    return rc;
}
