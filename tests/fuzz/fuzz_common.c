/* fuzz_common.c — the harnesses' shared helpers (fuzz_common.h). */
#include "fuzz_common.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <ingot/rt.h>

jmp_buf fuzz_fatal_jmp;
volatile int fuzz_fatal_armed;
volatile long fuzz_fatal_count;

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

_Noreturn void __wrap_ig_fatal(const IgSite *site, const char *fmt, ...);

_Noreturn void __wrap_ig_fatal(const IgSite *site, const char *fmt, ...) {
    if (!fuzz_fatal_armed) {
        /* Where no run-time error can be: a crash to report, message first. */
        va_list ap;
        va_start(ap, fmt);
        fprintf(stderr, "%s:%d: error: ", site ? site->file : "?", site ? site->line : 0);
        vfprintf(stderr, fmt, ap);
        fputc('\n', stderr);
        va_end(ap);
        abort();
    }
    if (getenv("INGOT_FUZZ_VERBOSE")) { /* reproducing by hand: show the error */
        va_list ap;
        va_start(ap, fmt);
        fprintf(stderr, "caught run-time error: ");
        vfprintf(stderr, fmt, ap);
        fputc('\n', stderr);
        va_end(ap);
    }
    fuzz_fatal_count++;
    fuzz_fatal_armed = 0;
    longjmp(fuzz_fatal_jmp, 1);
}
