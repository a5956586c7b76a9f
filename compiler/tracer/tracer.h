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

/* ---- What was traced (trace_report.c): ingot explain's tables --------------------- */
typedef struct TraceCallInfo {
    SrcLoc at;                 /* the call */
    int trace;                 /* the index of the trace it ran, from 1 */
    bool traced;               /* it made that trace; else reused it */
    bool nested;               /* made while tracing another function */
    bool concrete;             /* get_concrete_function(), not a call */
} TraceCallInfo;

typedef struct TraceInfo {
    int index;                 /* from 1 */
    const char *call;          /* the Python call, arguments by value: "scale(x, factor=1)" */
    const char *func_name;     /* the concrete function: "scale__1" */
    const char *signature;     /* its graph's inputs: "(x: f32[2])" */
    SrcLoc traced_at;
    const char *reason;        /* why it was traced: "argument 'factor': 2, was 1 in trace 1" */
    int nops;                  /* the graph's operations, as traced */
} TraceInfo;

typedef struct TfFunctionInfo {
    const char *name;
    SrcLoc def_loc;
    const TraceInfo *traces;
    int ntraces;
    const TraceCallInfo *calls; /* in program order */
    int ncalls;
} TfFunctionInfo;

typedef struct TraceSummary {
    const TfFunctionInfo *functions; /* those that traced, in the order they were made */
    int nfunctions;
    /* Each build-time print() of the script's own lines: where its text starts in
       VmOptions.out and the line that called it (the explain page links its output). */
    AstLineMark *prints;
    int nprints, prints_cap;
} TraceSummary;

typedef struct TracerOptions {
    VmOptions vm;             /* the Python VM's: stdlib, print()'s stream, the loader */
    FILE *trace_report;       /* --trace-report: where the report goes, or NULL */
    TraceSummary *summary;    /* ingot explain: filled after a successful trace, or NULL */
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
    /* tf.distribute: the replicas the program runs as (--replicas; at least 1). */
    int replicas;
} TracerOptions;

/* What to do when tf.distribute finds no MPI (the tracer's and the driver's errors). */
#define TRACER_MPI_ADVICE                                                                  \
    "install Debian's libopenmpi-dev and openmpi-bin (scripts/test installs them), then " \
    "rebuild Ingot"

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
