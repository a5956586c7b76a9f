/* fuzz_common.h — what every libFuzzer harness shares: a sink for diagnostics, a
 * script from the fuzzer's bytes, and a way back from the runtime's run-time errors.
 * Entry points: fuzz_sink, fuzz_source, fuzz_script_begin/end, fuzz_run_trapped.
 * Memory owner: the sink is opened once per process; sources live in the caller's Arena. */
#ifndef INGOT_FUZZ_COMMON_H
#define INGOT_FUZZ_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "arena.h"
#include "diag.h"
#include "srcloc.h"

/* /dev/null, opened on first use: diagnostics and build-time output go there (the
   harnesses check that nothing crashes, not what is said). */
FILE *fuzz_sink(void);

/* The bytes as a script file, as diag_load_file reads one: NUL bytes kept, a NUL
   after the end. */
SourceFile *fuzz_source(Arena *a, const uint8_t *data, size_t size);

/* What the script harnesses (lexer, parser, build) start each input with: a new
   Arena, a Diag reporting to the sink, the bytes as the script in that arena;
   fuzz_script_end frees the arena and all in it. */
typedef struct FuzzScript {
    Arena *arena;
    Diag diag;
    SourceFile *file;
} FuzzScript;
void fuzz_script_begin(FuzzScript *s, const uint8_t *data, size_t size);
void fuzz_script_end(FuzzScript *s);

/* Runs fn(ctx) under the runtime's error trap (rt.h's IgTrap, what a library call
   uses): a run-time error (ig_fatal, out of memory, a data file's error) is an answer,
   not a crash, and returns false; true when fn returned. After an error the tensors
   the abandoned run made are freed if release_tensors (nothing outside fn refers to
   them), else left to leak as in a program that stops there (the caller's own
   structures, an EagerContext, may still point at them). A run-time error outside a
   trap, where none can be, aborts with its message: a crash for the fuzzer to report.
   INGOT_FUZZ_VERBOSE=1 prints each caught error (reproducing by hand). */
bool fuzz_run_trapped(void (*fn)(void *ctx), void *ctx, bool release_tensors);

#endif
