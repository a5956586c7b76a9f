/* arena.h — the compilation's memory: garbage-collected allocation and a string interner.
 * Entry points: arena_new, arena_alloc, arena_intern, arena_free, arena_on_collect.
 * Memory owner: Boehm's conservative collector. Everything allocated here (tokens,
 * AST, values, graph, strings) lives while a pointer to it is on a stack, in static
 * data or in another live allocation, so the build-time interpreter's garbage (the
 * ints of a long loop, eager mode's tensors) is reclaimed as it runs. An Arena is a
 * root of its own: its interned strings live until arena_free.
 * Memory from malloc is not scanned: never keep the only pointer to arena memory
 * there (the runtime's own allocations hold none). */
#ifndef INGOT_ARENA_H
#define INGOT_ARENA_H

#include <stdarg.h>
#include <stddef.h>

typedef struct Arena Arena;

Arena *arena_new(void);
void arena_free(Arena *arena);

/* Zeroed memory, aligned for any type; never returns NULL (aborts when out of memory). */
void *arena_alloc(Arena *arena, size_t size);
#define ARENA_NEW(arena, type) ((type *)arena_alloc((arena), sizeof(type)))
#define ARENA_ARRAY(arena, type, n) ((type *)arena_alloc((arena), sizeof(type) * (size_t)(n)))

/* Grows an arena array: returns a copy of old (old_n elements) with room for new_n. */
void *arena_grow(Arena *arena, void *old, size_t elem_size, size_t old_n, size_t new_n);

/* fn(obj, data) is to run once obj (the start of an arena allocation) is unreachable:
 * at the first arena_run_finalizers after the collector finds it so. Finalizers run
 * only there, at points the caller chooses, never inside an arbitrary allocation. */
typedef void (*ArenaFinalizer)(void *obj, void *data);
void arena_on_collect(void *obj, ArenaFinalizer fn, void *data);
void arena_cancel_on_collect(void *obj);
void arena_run_finalizers(void);
/* A full collection now (tests; the collector otherwise runs as memory is allocated). */
void arena_collect(void);

/* Runs fn(ctx) on a thread with a stack of stack_bytes (registered with the collector,
   which scans it), and waits for it: deep recursion of the build-time interpreter
   needs more than the process's 8 MB. Runs fn on this thread when none can start. */
void arena_run_on_big_stack(void (*fn)(void *ctx), void *ctx, size_t stack_bytes);

/* The collector's heap may not grow past bytes (0: no limit). An allocation that would
   take it further lifts the limit and calls the exhausted hook (arena_on_exhausted),
   which reports and must not return (it exits, or longjmps out of the allocation);
   without one, "ingot: error: ..." and exit status 1. */
void arena_set_memory_limit(size_t bytes);
typedef void (*ArenaExhausted)(void *ctx, size_t limit_bytes);
/* Sets the hook (NULL: none); returns the previous one, its context in *old_ctx. */
ArenaExhausted arena_on_exhausted(ArenaExhausted fn, void *ctx, void **old_ctx);

char *arena_strndup(Arena *arena, const char *s, size_t n);
char *arena_strdup(Arena *arena, const char *s);
char *arena_printf(Arena *arena, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
char *arena_vprintf(Arena *arena, const char *fmt, va_list ap);

/* Interned strings: equal contents give the same pointer, so they compare with ==. */
const char *arena_intern(Arena *arena, const char *s, size_t n);
const char *arena_intern_cstr(Arena *arena, const char *s);

/* A growable byte buffer in the arena (for building strings piece by piece). */
typedef struct {
    Arena *arena;
    char *data;
    size_t len, cap;
} StrBuf;

void strbuf_init(StrBuf *sb, Arena *arena);
void strbuf_putc(StrBuf *sb, char c);
void strbuf_puts(StrBuf *sb, const char *s);
void strbuf_putn(StrBuf *sb, const char *s, size_t n);
void strbuf_printf(StrBuf *sb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* NUL-terminated contents; the buffer stays usable. */
const char *strbuf_cstr(StrBuf *sb);

#endif
