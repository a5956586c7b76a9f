/* cli.c — the ingot command line: every option parsed into an Options, and the help
 * texts, one table of rows each marked with the commands it is shown for, so that
 * `ingot --help` shows them all and `ingot build --help` those of build.
 *
 * Conventions (GCC's): an option with a value takes it as --name=VALUE or as the next
 * argument (--name VALUE; -o FILE or -oFILE); -WNAME, -Wno-NAME, -Wall, -Werror,
 * -Werror=NAME, -Wno-error=NAME; --color=auto|always|never. */
#include "cli.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"

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

/* ---- Help ------------------------------------------------------------------------------ */

/* Which help a row belongs to: a command's own (ingot build --help) or only the
   general one (ingot --help); the general help shows every row. */
enum { FOR_BUILD = 1, FOR_RUN = 2, FOR_OPT = 4, FOR_EXPLAIN = 8, FOR_COMMANDS = 15,
       FOR_TOP = 16 };
/* What builds a script: the commands its warnings, -O and limits concern. */
enum { FOR_SCRIPTS = FOR_BUILD | FOR_RUN | FOR_EXPLAIN };

typedef struct HelpRow {
    unsigned shown;
    const char *text;
} HelpRow;

/* The usage lines, without their "usage: " or its indent. */
static const HelpRow usage_rows[] = {
    {FOR_BUILD, "ingot build [-O0..3] [--emit=KIND] [--trace-report] [LIMITS] [-o OUT] FILE.py\n"},
    {FOR_BUILD, "ingot build --lib [--embed-weights] [--weights=CKPT] [-O0..3] [LIMITS]\n"
                "                   [-o DIR/NAME] FILE.py\n"},
    {FOR_RUN, "ingot run [-O0..3] [--eager] [LIMITS] FILE.py [-- ARGS...]\n"},
    {FOR_EXPLAIN, "ingot explain [--run] [-O0..3] [LIMITS] [-o PAGE.html] FILE.py\n"},
    {FOR_OPT, "ingot opt [-O0..3] FILE.ir\n"},
    {FOR_TOP, "ingot --help | --version\n"},
    {FOR_TOP, "ingot COMMAND --help\n"},
};

static const char intro_text[] =
    "Compiles a Python/TensorFlow script ahead of time into a native program.\n"
    "The script's Python runs now, at build time (its print() output appears while\n"
    "building); its tensor operations are traced into a graph, emitted as C and\n"
    "compiled against the Ingot runtime and oneDNN.\n";

static const HelpRow command_rows[] = {
    {FOR_BUILD, "  build FILE.py       build a native program (default name: FILE)\n"},
    {FOR_BUILD, "  build --lib FILE.py build a C library exporting the script's module-level\n"
                "                      tf.functions (each needs an input_signature): with -o\n"
                "                      DIR/NAME, DIR/NAME.h, DIR/libNAME.a, DIR/libNAME.so and\n"
                "                      DIR/NAME.pc (default NAME: FILE)\n"},
    {FOR_RUN, "  run FILE.py         build into a cache directory and run it; ARGS after --\n"
              "                      go to the program (on a terminal, a line '--' separates\n"
              "                      the build's output from the program's)\n"},
    {FOR_RUN, "  run --eager FILE.py run the script in the interpreter instead, op by op on\n"
              "                      concrete tensors, like TensorFlow's eager mode; no C is\n"
              "                      generated (the reference the compiled program must match)\n"},
    {FOR_EXPLAIN, "  explain FILE.py     write FILE.html: one page showing the script beside\n"
                  "                      AutoGraph's conversion, its traces, the graphs (drawn\n"
                  "                      by Graphviz's dot), the C and the build output, each\n"
                  "                      line linked to what it became\n"},
    {FOR_OPT, "  opt FILE.ir         read graph IR text (what --emit=graph prints), run the\n"
              "                      graph passes on it and print the result\n"},
};

/* NULL text: the warnings' names, listed from warning_names. */
static const HelpRow option_rows[] = {
    {FOR_BUILD, "  -o OUT              name of the program to build; with --emit, the file the\n"
                "                      stage is written to (default, or '-o -': standard\n"
                "                      output), but with --lib -o names the library still\n"},
    {FOR_EXPLAIN, "  -o PAGE.html        where explain writes the page ('-o -': standard output)\n"
                  "  --run               (explain) also run the script compiled and eagerly and\n"
                  "                      show the two outputs side by side, differences marked\n"},
    {FOR_COMMANDS,
     "  -O0, -O1, -O2, -O3  how hard to optimize the program: -O0 none (the graph\n"
     "                      as traced, C compiled -O0, the quickest build); -O1\n"
     "                      0-d tensors as C scalars, matmul/conv2d + bias +\n"
     "                      relu/sigmoid/tanh as one op, elementwise results\n"
     "                      written over inputs that die with them, C -O1; -O2\n"
     "                      (the default) the same, C -O2; -O3 also C -O3\n"},
    {FOR_BUILD, "  --lib               build a C library (see 'build --lib' above)\n"
                "  --embed-weights     (--lib) build the variables' values into the library,\n"
                "                      for NAME_new(NULL, ...): their initial values, or\n"
                "  --weights=CKPT      (--lib) those of the safetensors checkpoint CKPT\n"},
    {FOR_BUILD | FOR_RUN,
     "  --target-cpu=CPU    compile the program for this CPU (the C compiler's\n"
     "                      -march: native, x86-64-v3, znver3...); default: any\n"
     "                      x86-64\n"},
    {FOR_BUILD, "  --emit=KIND         print one stage instead of building, KIND is one of:\n"
                "                        tokens  the lexer's tokens\n"
                "                        ast     the syntax tree, as an S-expression\n"
                "                        autograph  the tree after AutoGraph's conversion,\n"
                "                                   as Python (control flow as ag__ calls)\n"
                "                        graph   the traced graph IR\n"
                "                        dot     the graph for Graphviz (dot -Tsvg)\n"
                "                        dot-all the same with AutoGraph's flags (do_return...)\n"
                "                        c       the generated C\n"},
    {FOR_BUILD | FOR_RUN,
     "  --replicas=N        a script using tf.distribute runs as N processes (MPI:\n"
     "                      mpirun -n N PROGRAM; ingot run starts them itself);\n"
     "                      its strategy's num_replicas_in_sync; default 1\n"},
    {FOR_BUILD | FOR_RUN,
     "  --trace-report      after tracing, list every tf.function's concrete\n"
     "                      signatures: the call that traced each, why, and its size\n"},
    {FOR_SCRIPTS,
     "  -Wall               enable every build warning (all are on by default)\n"
     "  -WNAME, -Wno-NAME   enable or silence one kind of build warning:\n"},
    {FOR_SCRIPTS, NULL},
    {FOR_SCRIPTS,
     "  -Werror             make every warning an error: the build fails (exit 1)\n"
     "  -Werror=NAME        make warnings of kind NAME errors (and enable them)\n"
     "  -Wno-error=NAME     keep NAME a warning, even with -Werror\n"},
    {FOR_COMMANDS,
     "  --color=WHEN        colour the diagnostics: auto (the default: when standard\n"
     "                      error is a terminal, TERM is not 'dumb' and NO_COLOR is\n"
     "                      not set), always or never\n"},
};

static const char limits_text[] =
    "limits (LIMITS; 0 means none), past which the build stops with a located error:\n"
    "  --max-build-steps=N     statements the script's Python may run at build\n"
    "                          time; default 100000000, which an endless loop\n"
    "                          reaches in about ten seconds (--eager: no limit\n"
    "                          unless given, as its loops are the program's own)\n"
    "  --max-build-memory=MIB  memory the build may use, in MiB; default half\n"
    "                          of the machine's memory\n";

static const char environment_text[] =
    "environment:\n"
    "  CC                  the C compiler to use (default: cc)\n";

static void print_warning_names(FILE *out) {
    const int indent = 22, width = 80;
    int col = 0;
    for (int k = 0; k < WARN__COUNT; k++) {
        int len = (int)strlen(warning_names[k]) + (k + 1 < WARN__COUNT);
        if (col == 0 || col + 1 + len > width) {
            if (col) fputc('\n', out);
            col = fprintf(out, "%*s%s", indent, "", warning_names[k]);
        } else {
            col += fprintf(out, " %s", warning_names[k]);
        }
        if (k + 1 < WARN__COUNT) fputc(',', out);
    }
    fputc('\n', out);
}

static void print_rows(FILE *out, const HelpRow *rows, size_t n, unsigned shown) {
    for (size_t i = 0; i < n; i++) {
        if (!(rows[i].shown & shown)) continue;
        if (rows[i].text) fputs(rows[i].text, out);
        else print_warning_names(out);
    }
}

/* The help of the commands in `shown` (FOR_TOP | FOR_COMMANDS: ingot --help). */
static void print_help(FILE *out, unsigned shown) {
    bool first = true;
    for (size_t i = 0; i < sizeof usage_rows / sizeof usage_rows[0]; i++) {
        if (!(usage_rows[i].shown & shown)) continue;
        fputs(first ? "usage: " : "       ", out);
        fputs(usage_rows[i].text, out);
        first = false;
    }
    if (shown & FOR_TOP) fprintf(out, "\n%s\ncommands:\n", intro_text);
    else fputc('\n', out);
    print_rows(out, command_rows, sizeof command_rows / sizeof command_rows[0], shown);
    fputs("\noptions (a VALUE may also come as the next argument: --name VALUE):\n", out);
    print_rows(out, option_rows, sizeof option_rows / sizeof option_rows[0], shown);
    if (shown & FOR_SCRIPTS) fprintf(out, "\n%s", limits_text);
    fputs("\n  -h, --help          show this help\n", out);
    if (shown & FOR_TOP) fputs("  --version           show the version\n", out);
    if (shown & (FOR_BUILD | FOR_RUN)) fprintf(out, "\n%s", environment_text);
}

static unsigned command_help(const char *command) {
    return strcmp(command, "build") == 0 ? FOR_BUILD
           : strcmp(command, "run") == 0 ? FOR_RUN
           : strcmp(command, "opt") == 0 ? FOR_OPT
           : strcmp(command, "explain") == 0 ? FOR_EXPLAIN
                                             : 0;
}

/* ---- Options --------------------------------------------------------------------------- */

static int usage_error(const char *fmt, const char *arg) {
    fprintf(stderr, "ingot: error: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\n(run 'ingot --help' for usage)\n");
    return EXIT_USAGE;
}

/* An option with a value: "NAME=VALUE", or NAME alone with the value the next argument
   (consumed: *i moves on). False when argv[*i] is not this option; *value is NULL when
   the value is missing. */
static bool option_value(int argc, char **argv, int *i, const char *name, const char **value) {
    const char *a = argv[*i];
    size_t n = strlen(name);
    if (strncmp(a, name, n) != 0) return false;
    if (a[n] == '=') {
        *value = a + n + 1;
        return true;
    }
    if (a[n]) return false;
    *value = *i + 1 < argc ? argv[++*i] : NULL;
    return true;
}

static bool parse_emit(const char *kind, EmitKind *out) {
    static const struct { const char *name; EmitKind kind;
    } kinds[] = {
        {"tokens", EMIT_TOKENS}, {"ast", EMIT_AST}, {"autograph", EMIT_AUTOGRAPH},
        {"graph", EMIT_GRAPH},   {"dot", EMIT_DOT}, {"dot-all", EMIT_DOT_ALL}, {"c", EMIT_C},
    };
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (strcmp(kind, kinds[i].name) == 0) {
            *out = kinds[i].kind;
            return true;
        }
    return false;
}

/* A decimal count: the exit code of its usage error, or -1 with *out set. */
static int parse_count(const char *name, const char *digits, unsigned long long *out) {
    char *end;
    errno = 0;
    if (digits) *out = strtoull(digits, &end, 10);
    if (!digits || *digits < '0' || *digits > '9' || *end || errno)
        return usage_error("'%s' needs a whole number", name);
    return -1;
}

/* What -W options say of each warning; resolved into Options once all are read, so
   that, as in GCC, a kind named on its own wins over -Werror wherever each comes. */
typedef enum { WARN_DEFAULT, WARN_ON, WARN_OFF } WarnSetting;

typedef struct WarnOptions {
    WarnSetting enabled[WARN__COUNT];  /* -WNAME, -Wno-NAME */
    WarnSetting error[WARN__COUNT];    /* -Werror=NAME, -Wno-error=NAME */
    bool error_all;                    /* -Werror */
} WarnOptions;

static int find_warning(const char *name) {
    for (int k = 0; k < WARN__COUNT; k++)
        if (strcmp(name, warning_names[k]) == 0) return k;
    return -1;
}

static int unknown_warning(const char *name) {
    fprintf(stderr, "ingot: error: unknown warning '%s' (", name);
    for (int k = 0; k < WARN__COUNT; k++)
        fprintf(stderr, "%s%s", k ? ", " : "", warning_names[k]);
    fprintf(stderr, ")\n(run 'ingot --help' for usage)\n");
    return EXIT_USAGE;
}

/* One -W option (a starts with "-W"): the exit code of its usage error, or -1. */
static int parse_warning_option(const char *a, WarnOptions *w) {
    const char *name = a + 2;
    bool no = strncmp(name, "no-", 3) == 0;
    if (no) name += 3;
    /* -Wall: every warning is on unless silenced by name, which -Wall does not undo
       (as in GCC); were one ever off by default, -Wall would turn it on here. */
    if (!no && strcmp(name, "all") == 0) return -1;
    if (strcmp(name, "error") == 0) {
        w->error_all = !no;
        return -1;
    }
    bool error = strncmp(name, "error=", 6) == 0;
    if (error) name += 6;
    int k = find_warning(name);
    if (k < 0) return unknown_warning(name);
    if (error) {
        w->error[k] = no ? WARN_OFF : WARN_ON;
        if (!no) w->enabled[k] = WARN_ON; /* GCC: -Werror=NAME implies -WNAME */
    } else {
        w->enabled[k] = no ? WARN_OFF : WARN_ON;
    }
    return -1;
}

static void resolve_warnings(const WarnOptions *w, Options *opt) {
    for (int k = 0; k < WARN__COUNT; k++) {
        opt->disabled_warnings[k] = w->enabled[k] == WARN_OFF;
        opt->error_warnings[k] =
            w->error[k] == WARN_DEFAULT ? w->error_all : w->error[k] == WARN_ON;
    }
}

/* --color=auto: as GCC decides, colour only for a terminal that is not 'dumb', and
   never when NO_COLOR is set (no-color.org). */
static bool color_auto(void) {
    const char *term = getenv("TERM"), *no_color = getenv("NO_COLOR");
    return isatty(STDERR_FILENO) && term && strcmp(term, "dumb") != 0 &&
           !(no_color && *no_color);
}

static int parse_color(const char *when, Options *opt) {
    if (!when) return usage_error("'--color' needs auto, always or never%s", "");
    if (strcmp(when, "always") == 0) opt->color = true;
    else if (strcmp(when, "never") == 0) opt->color = false;
    else if (strcmp(when, "auto") == 0) opt->color = color_auto();
    else return usage_error("unknown --color value '%s' (auto, always or never)", when);
    return -1;
}

/* The options after the command (argv[1]). Returns -1 on success, else the exit code. */
static int parse_options(int argc, char **argv, Options *opt) {
    memset(opt, 0, sizeof *opt);
    opt->command = argv[1];
    opt->max_build_steps = DEFAULT_MAX_BUILD_STEPS;
    opt->max_build_mib = default_max_build_mib();
    opt->opt_level = 2;
    opt->replicas = 1;
    opt->color = color_auto();
    WarnOptions warn = {0};
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i], *v;
        int rc = -1;
        if (strcmp(a, "--") == 0) {
            if (strcmp(opt->command, "run") != 0)
                return usage_error("'--' is only used with 'ingot run'%s", "");
            opt->program_args = argv + i + 1;
            opt->nprogram_args = argc - i - 1;
            break;
        }
        if (option_value(argc, argv, &i, "--max-build-steps", &v)) {
            rc = parse_count("--max-build-steps", v, &opt->max_build_steps);
            opt->max_build_steps_given = true;
        } else if (option_value(argc, argv, &i, "--max-build-memory", &v)) {
            rc = parse_count("--max-build-memory", v, &opt->max_build_mib);
        } else if (strncmp(a, "-o", 2) == 0) { /* -o FILE, -oFILE (GCC), so -o- */
            opt->output = a[2] ? a + 2 : i + 1 < argc ? argv[++i] : NULL;
            if (!opt->output) return usage_error("'-o' needs a file name%s", "");
        } else if (a[0] == '-' && a[1] == 'O' && a[2] >= '0' && a[2] <= '3' && !a[3]) {
            opt->opt_level = a[2] - '0';
        } else if (option_value(argc, argv, &i, "--target-cpu", &v)) {
            opt->target_cpu = v ? v : "";
            if (!*opt->target_cpu || strspn(opt->target_cpu,
                                            "abcdefghijklmnopqrstuvwxyz0123456789-_.") !=
                                         strlen(opt->target_cpu))
                return usage_error("'--target-cpu=' needs a CPU name such as native or "
                                   "x86-64-v3, not '%s'", opt->target_cpu);
        } else if (option_value(argc, argv, &i, "--replicas", &v)) {
            unsigned long long n = 0;
            rc = parse_count("--replicas", v, &n);
            if (rc < 0 && (n < 1 || n > 65536))
                return usage_error("'--replicas' needs a number of replicas from 1 to 65536, "
                                   "not '%s'", v);
            opt->replicas = (int)n;
        } else if (strcmp(a, "--lib") == 0) {
            opt->lib = true;
        } else if (strcmp(a, "--embed-weights") == 0) {
            opt->embed_weights = true;
        } else if (option_value(argc, argv, &i, "--weights", &v)) {
            opt->weights = v;
            opt->embed_weights = true;
            if (!v || !*v) return usage_error("'--weights=' needs a checkpoint's path%s", "");
        } else if (strcmp(a, "--eager") == 0) {
            opt->eager = true;
        } else if (strcmp(a, "--trace-report") == 0) {
            opt->trace_report = true;
        } else if (strcmp(a, "--run") == 0 && strcmp(opt->command, "explain") == 0) {
            opt->run_both = true;
        } else if (strncmp(a, "-W", 2) == 0) {
            rc = parse_warning_option(a, &warn);
        } else if (option_value(argc, argv, &i, "--emit", &v)) {
            if (!v) return usage_error("'--emit' needs a kind (tokens, ast, autograph, graph, "
                                       "dot, dot-all or c)%s", "");
            if (!parse_emit(v, &opt->emit))
                return usage_error(
                    "unknown --emit kind '%s' (tokens, ast, autograph, graph, dot, dot-all "
                    "or c)", v);
        } else if (option_value(argc, argv, &i, "--color", &v)) {
            rc = parse_color(v, opt);
        } else if (a[0] == '-' && a[1]) {
            return usage_error("unknown option '%s'", a);
        } else if (opt->script) {
            return usage_error("more than one script given ('%s')", a);
        } else {
            opt->script = a;
        }
        if (rc >= 0) return rc;
    }
    resolve_warnings(&warn, opt);
    if (!opt->script) return usage_error("no script given%s", "");
    if (strcmp(opt->command, "explain") == 0 &&
        (opt->emit || opt->trace_report || opt->lib || opt->eager || opt->target_cpu ||
         opt->replicas != 1))
        return usage_error("'ingot explain' takes -o, --run, -O, LIMITS and -W options%s", "");
    if (strcmp(opt->command, "run") == 0 && (opt->emit || opt->output))
        return usage_error("'ingot run' takes no --emit or -o%s", "");
    if (strcmp(opt->command, "opt") == 0 &&
        (opt->emit || opt->output || opt->eager || opt->trace_report))
        return usage_error("'ingot opt' takes a FILE.ir alone%s", "");
    if (opt->lib && strcmp(opt->command, "build") != 0)
        return usage_error("'--lib' goes with 'ingot build' alone%s", "");
    if (opt->embed_weights && !opt->lib)
        return usage_error("'--embed-weights' and '--weights=' go with 'ingot build --lib'%s", "");
    if (opt->eager && opt->replicas != 1)
        return usage_error("'ingot run --eager' runs the script as one process, not several "
                           "replicas: leave out --eager or --replicas%s", "");
    if (opt->eager && (strcmp(opt->command, "run") != 0 || opt->trace_report))
        return usage_error("'--eager' goes with 'ingot run' alone (no --trace-report)%s", "");
    if (opt->output && strcmp(opt->output, "-") == 0 && (!opt->emit || opt->lib) &&
        strcmp(opt->command, "explain") != 0)
        return usage_error("'-o -' writes an --emit stage to standard output; a %s is written "
                           "to files (-o FILE)", opt->lib ? "library" : "program");
    return -1;
}

static bool is_help(const char *a) { return strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0; }

int cli_parse(int argc, char **argv, Options *opt) {
    if (argc < 2) {
        print_help(stderr, FOR_TOP | FOR_COMMANDS);
        return EXIT_USAGE;
    }
    if (is_help(argv[1]) || strcmp(argv[1], "help") == 0) {
        /* ingot help [COMMAND] */
        unsigned shown = strcmp(argv[1], "help") == 0 && argc > 2 ? command_help(argv[2]) : 0;
        print_help(stdout, shown ? shown : FOR_TOP | FOR_COMMANDS);
        return 0;
    }
    if (strcmp(argv[1], "--version") == 0) {
        printf("ingot %s\n", INGOT_VERSION);
        return 0;
    }
    unsigned shown = command_help(argv[1]);
    if (!shown) return usage_error("unknown command '%s' (build, run, explain or opt)", argv[1]);
    /* ingot build ... --help: that command's help, whatever else the line holds
       (the program's ARGS after -- aside). */
    for (int i = 2; i < argc && strcmp(argv[i], "--") != 0; i++)
        if (is_help(argv[i])) {
            print_help(stdout, shown);
            return 0;
        }
    return parse_options(argc, argv, opt);
}
