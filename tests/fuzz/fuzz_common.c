/* fuzz_common.c — the harnesses' shared helpers (fuzz_common.h). */
#include "fuzz_common.h"

#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

#include <ingot/rt.h>

FILE *fuzz_sink(void) {
    static FILE *sink;
    if (!sink) sink = fopen("/dev/null", "w");
    if (!sink) abort();
    return sink;
}

SourceFile *fuzz_source(Arena *a, const uint8_t *data, size_t size) {
    SourceFile *f = ARENA_NEW(a, SourceFile);
    char *text = arena_alloc(a, size + 1);
    if (size) memcpy(text, data, size);
    f->path = "fuzz.py";
    f->text = text;
    f->len = size;
    return f;
}

void fuzz_script_begin(FuzzScript *s, const uint8_t *data, size_t size) {
    s->arena = arena_new();
    diag_init(&s->diag, fuzz_sink());
    s->file = fuzz_source(s->arena, data, size);
}

void fuzz_script_end(FuzzScript *s) {
    arena_free(s->arena);
    s->arena = NULL;
}

/* The runtime calls this before it exits on a run-time error that no trap caught,
   after printing it (runtime/src/internal.h). */
extern void (*ig_fatal_exit_hook)(void);

static void abort_on_untrapped_error(void) { abort(); }

bool fuzz_run_trapped(void (*fn)(void *ctx), void *ctx, bool release_tensors) {
    ig_fatal_exit_hook = abort_on_untrapped_error;
    IgTrap trap;
    if (setjmp(trap.env) != 0) {
        if (getenv("INGOT_FUZZ_VERBOSE"))
            fprintf(stderr, "caught run-time error: %s\n", trap.message);
        if (release_tensors) ig_trap_release_tensors(&trap, NULL, 0);
        ig_trap_leave(&trap);
        return false;
    }
    ig_trap_enter(&trap);
    fn(ctx);
    ig_trap_leave(&trap);
    return true;
}
