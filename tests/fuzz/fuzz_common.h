/* fuzz_common.h — what every libFuzzer harness shares: a sink for diagnostics, a
 * script from the fuzzer's bytes, and a way back from the runtime's fatal errors.
 * Entry points: fuzz_sink, fuzz_source, fuzz_script_begin/end, FUZZ_CATCH_FATAL.
 * Memory owner: the sink is opened once per process; sources live in the caller's Arena. */
#ifndef INGOT_FUZZ_COMMON_H
#define INGOT_FUZZ_COMMON_H

#include <setjmp.h>
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

/* The runtime's user errors (ig_fatal, "file:line: error: ...") end the process with
   _Exit(1): right for a program, fatal to a fuzzer. The harnesses link with
   -Wl,--wrap=ig_fatal, and __wrap_ig_fatal longjmps to fuzz_fatal_jmp while
   fuzz_fatal_armed is set, else aborts (a run-time error where none can be). A run-time error is
   an answer, not a crash; the tensors alive at that point leak, as they would in a
   program that stops there. */
extern jmp_buf fuzz_fatal_jmp;
extern volatile int fuzz_fatal_armed;
extern volatile long fuzz_fatal_count;

#endif
