/* emit_c.h — the C back end: a dumb, table-driven walk over a verified Module that
 * prints readable C calling the runtime (ingot/rt.h), one statement per IR node.
 * Entry point: emit_c_module.
 * Memory owner: scratch memory comes from the given Arena; output goes to a FILE. */
#ifndef INGOT_EMIT_C_H
#define INGOT_EMIT_C_H

#include <stdbool.h>
#include <stdio.h>

#include "arena.h"
#include "ir.h"

typedef struct EmitOptions {
    const char *script_name;  /* shown in the header comment and site structs */
    bool line_directives;     /* #line directives pointing at the script */
    bool scalars;             /* 0-d values as C scalars (emit_scalar.h): -O1 and up */
    bool donate;              /* dying inputs donated to elementwise kernels (emit_donate.h) */
    bool plan_memory;         /* a function's tensors of known size in its arena (emit_memplan.h) */
    /* ingot build --lib: the library's name (NAME), or NULL for a program. A library
       has a model struct holding the variables instead of statics, per-thread sites,
       and its entry points (emit_lib.h) instead of main(). */
    const char *lib_name;
    /* A distributed program (Module.replicas): the build's identity, which its replicas
       compare at start (ingot/mpi.h). */
    const char *build_id;
} EmitOptions;

/* Writes a complete translation unit with main() (or a library's entry points);
 * deterministic for a given Module. */
void emit_c_module(FILE *out, Arena *scratch, const Module *m, const EmitOptions *opt);

#endif
