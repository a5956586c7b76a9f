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

typedef struct InterpOptions {
    const char *stdlib_dir;   /* directory holding tensorflow/ and ingot/ */
    FILE *out;                /* where build-time print() writes (stdout) */
    FILE *trace_report;       /* --trace-report: where the report goes, or NULL */
} InterpOptions;

/* Runs the parsed script's top level as the program function. Returns the traced
 * module, or NULL after reporting errors through diag. */
Module *interp_trace_program(Arena *arena, Diag *diag, const Node *script, const InterpOptions *opt);

#endif
