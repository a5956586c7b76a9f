/* tracer.h — the tracer: runs a script's Python on the VM at build time and traces its
 * tensor operations into a graph Module (DESIGN.md "build time is trace time"), or, in
 * eager mode, runs each op at once. It owns tf.function and its cache keys, the
 * staging of cond/while, tensors and their operators, variables, random, flags.
 * Entry points: tracer_trace_program, tracer_run_eager.
 * Memory owner: values, environments and the Module live in the given Arena. */
#ifndef INGOT_TRACER_H
#define INGOT_TRACER_H

#include <stdio.h>

#include "arena.h"
#include "ast.h"
#include "diag.h"
#include "ir.h"
#include "vm.h"

typedef struct TracerOptions {
    VmOptions vm;             /* the Python VM's: stdlib, print()'s stream, the loader */
    FILE *trace_report;       /* --trace-report: where the report goes, or NULL */
    /* Eager mode (tracer_run_eager): the program's command line, argv[0] its name. */
    int argc;
    char **argv;
    /* Eager mode: a trace of the same script, whose flags are all the script declares;
       the command line is checked against them before anything runs, as the compiled
       program does. NULL: flags are learnt as the script declares them. */
    const Module *declared_flags;
    /* ingot build --lib: after the top level, the exports and the weights' restore
       function are traced (Module.exports, Module.restore; tracer/library.c). */
    bool library;
} TracerOptions;

/* Runs the script's top level, parsed and converted by AutoGraph, as the program
 * function. Returns the traced module, or NULL after reporting errors through diag. */
Module *tracer_trace_program(Arena *arena, Diag *diag, const Node *script,
                             const TracerOptions *opt);

/* ingot run --eager: runs the script with concrete tensors, each op at once through
 * its runtime kernel (tf.print prints as it runs), like TensorFlow's eager mode with
 * tf.config.run_functions_eagerly(True). No graph is kept. Returns the exit code:
 * 0, 1 after errors (reported through diag), 2 after a bad command line. */
int tracer_run_eager(Arena *arena, Diag *diag, const Node *script, const TracerOptions *opt);

#endif
