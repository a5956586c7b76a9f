/* cli.h — the ingot command line: the arguments parsed into Options, the help texts.
 * Entry point: cli_parse.
 * Memory owner: Options point into argv; nothing is allocated. */
#ifndef INGOT_CLI_H
#define INGOT_CLI_H

#include <stdbool.h>

#include "vm.h"

enum { EXIT_SCRIPT_ERROR = 1, EXIT_USAGE = 2 };

typedef enum {
    EMIT_NONE,
    EMIT_TOKENS,
    EMIT_AST,
    EMIT_AUTOGRAPH,
    EMIT_GRAPH,
    EMIT_DOT,
    EMIT_DOT_ALL,
    EMIT_C
} EmitKind;

typedef struct Options {
    const char *command;     /* "build", "run", "explain" or "opt" */
    const char *script;
    const char *output;      /* -o; "-" is standard output (the --emit stage only) */
    EmitKind emit;
    bool trace_report;       /* --trace-report */
    bool disabled_warnings[WARN__COUNT]; /* -Wno-<name> */
    bool error_warnings[WARN__COUNT];    /* -Werror, -Werror=<name> */
    bool color;              /* --color: diagnostics in colour (auto resolved) */
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
    bool run_both;           /* explain --run: the program run compiled and eagerly */
    int replicas;            /* --replicas: tf.distribute's num_replicas_in_sync, default 1 */
} Options;

/* Parses the command line argv[0..argc). Returns -1 with *opt filled when there is a
   command to run; otherwise the exit code, after printing what was asked (--help,
   --version; on stdout) or the usage error (on stderr). */
int cli_parse(int argc, char **argv, Options *opt);

#endif
