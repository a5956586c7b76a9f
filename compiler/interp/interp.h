/* interp.h — the build-time interpreter: runs a script's Python at build time and
 * traces its tensor operations into a graph Module (DESIGN.md "build time is trace time").
 * Entry point: interp_trace_program.
 * Memory owner: values, environments and the Module live in the given Arena. */
#ifndef INGOT_INTERP_H
#define INGOT_INTERP_H

#include <stdio.h>

#include "arena.h"
#include "ast.h"
#include "diag.h"
#include "ir.h"

/* Build-time warnings a user can silence with -Wno-<name> (names in warning_names). */
typedef enum {
    WARN_RETRACING,           /* -Wretracing: TensorFlow's frequent-retracing warning */
    WARN_LARGE_UNROLLED_LOOP, /* -Wlarge-unrolled-loop: a Python loop unrolled past 1000 */
    WARN_TRACE_SIDE_EFFECT,   /* -Wtrace-side-effect: Python state changed inside a tf.function */
    WARN__COUNT
} WarningKind;

extern const char *const warning_names[WARN__COUNT];

/* Makes an imported module's file into the tree the interpreter runs: the driver's
   parse and AutoGraph stages, as for the script. NULL after reporting errors. */
typedef Node *(*InterpLoader)(void *ctx, Arena *arena, Diag *diag, const SourceFile *file);

typedef struct InterpOptions {
    const char *stdlib_dir;   /* directory holding tensorflow/ and ingot/ */
    FILE *out;                /* where build-time print() writes (stdout) */
    InterpLoader load;        /* each imported module's tree (required) */
    void *load_ctx;
    FILE *trace_report;       /* --trace-report: where the report goes, or NULL */
    bool disabled_warnings[WARN__COUNT];  /* -Wno-<name> */
    unsigned long long max_steps; /* --max-build-steps: statements the script may run (0: any) */
    /* Eager mode (interp_run_eager): the program's command line, argv[0] its name. */
    int argc;
    char **argv;
    /* Eager mode: a trace of the same script, whose flags are all the script declares;
       the command line is checked against them before anything runs, as the compiled
       program does. NULL: flags are learnt as the script declares them. */
    const Module *declared_flags;
} InterpOptions;

/* Runs the script's top level, parsed and converted by AutoGraph, as the program
 * function. Returns the traced module, or NULL after reporting errors through diag. */
Module *interp_trace_program(Arena *arena, Diag *diag, const Node *script,
                             const InterpOptions *opt);

/* ingot run --eager: runs the script with concrete tensors, each op at once through
 * its runtime kernel (tf.print prints as it runs), like TensorFlow's eager mode with
 * tf.config.run_functions_eagerly(True). No graph is kept. Returns the exit code:
 * 0, 1 after errors (reported through diag), 2 after a bad command line. */
int interp_run_eager(Arena *arena, Diag *diag, const Node *script, const InterpOptions *opt);

#endif
