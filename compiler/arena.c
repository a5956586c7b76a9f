/* arena.c — allocation from Boehm's collector, finalizers, the string interner and
 * string buffers. The only file in compiler/ that talks to the collector. */
#include "arena.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The collector must know every thread that holds pointers to collected memory. */
#define GC_THREADS
#include <gc.h>
#include <pthread.h>
#include <sys/resource.h>

#include "hash.h"

typedef struct InternEntry {
    const char *str;
    size_t len;
    uint64_t hash;
} InternEntry;

/* The Arena itself is the collector's root: allocated uncollectable, so whatever it
   points to (the intern table and its strings) lives until arena_free. */
struct Arena {
    InternEntry *interned; /* open addressing, in collected memory */
    size_t intern_cap, intern_len;
};

static _Noreturn void out_of_memory(void) {
    fputs("ingot: fatal error: out of memory\n", stderr);
    abort();
}

Arena *arena_new(void) {
    GC_INIT();
    GC_set_finalize_on_demand(1);
    /* Collect when as much was allocated as the heap holds (the default waits for a
       third): the interpreter's garbage is short-lived, so a heap about twice the
       live data halves the collections (a quarter of the time of an integer loop)
       for little memory. */
    GC_set_free_space_divisor(1);
    Arena *a = GC_MALLOC_UNCOLLECTABLE(sizeof *a);
    if (!a) out_of_memory();
    return a;
}

/* ---- The memory limit ---- */

static size_t memory_limit;
static ArenaExhausted exhausted_hook;
static void *exhausted_ctx;
static GC_warn_proc default_warn;

/* The collector's own "Out of Memory!" warnings would precede the located error. */
static void GC_CALLBACK filter_warning(char *msg, GC_word arg) {
    if (memory_limit && strstr(msg, "Out of Memory")) return;
    default_warn(msg, arg);
}

static void *GC_CALLBACK heap_exhausted(size_t request) {
    (void)request;
    if (!memory_limit) return NULL; /* really out of memory: arena_alloc aborts */
    size_t limit = memory_limit;
    memory_limit = 0;
    GC_set_max_heap_size(0); /* the report needs memory too */
    if (exhausted_hook) exhausted_hook(exhausted_ctx, limit);
    fflush(stdout);
    fprintf(stderr, "ingot: error: the build used more than %zu MiB of memory\n", limit >> 20);
    exit(1);
}

void arena_set_memory_limit(size_t bytes) {
    if (!default_warn) {
        default_warn = GC_get_warn_proc();
        GC_set_warn_proc(filter_warning);
        GC_set_oom_fn(heap_exhausted);
        /* Collect before giving up on a heap at its limit. */
        GC_set_max_retries(2);
    }
    memory_limit = bytes;
    GC_set_max_heap_size(bytes);
}

ArenaExhausted arena_on_exhausted(ArenaExhausted fn, void *ctx, void **old_ctx) {
    ArenaExhausted old = exhausted_hook;
    if (old_ctx) *old_ctx = exhausted_ctx;
    exhausted_hook = fn;
    exhausted_ctx = ctx;
    return old;
}

void arena_free(Arena *arena) {
    if (arena) GC_FREE(arena);
}

void *arena_alloc(Arena *arena, size_t size) {
    (void)arena;
    void *p = GC_MALLOC(size ? size : 1);
    if (!p) out_of_memory();
    return p; /* GC_MALLOC clears the memory */
}

void arena_on_collect(void *obj, ArenaFinalizer fn, void *data) {
    GC_REGISTER_FINALIZER_NO_ORDER(obj, (GC_finalization_proc)fn, data, NULL, NULL);
}

void arena_cancel_on_collect(void *obj) {
    GC_REGISTER_FINALIZER_NO_ORDER(obj, NULL, NULL, NULL, NULL);
}

void arena_run_finalizers(void) {
    if (GC_should_invoke_finalizers()) GC_invoke_finalizers();
}

void arena_collect(void) { GC_gcollect(); }

typedef struct BigStackJob {
    void (*fn)(void *ctx);
    void *ctx;
} BigStackJob;

static void *big_stack_main(void *p) {
    BigStackJob *job = p;
    job->fn(job->ctx);
    return NULL;
}

void arena_run_on_big_stack(void (*fn)(void *ctx), void *ctx, size_t stack_bytes) {
    /* The main thread's own stack may already grow that far (main.c raises the limit). */
    struct rlimit rl;
    if (getrlimit(RLIMIT_STACK, &rl) == 0 &&
        (rl.rlim_cur == RLIM_INFINITY || rl.rlim_cur >= stack_bytes)) {
        fn(ctx);
        return;
    }
    BigStackJob job = {fn, ctx};
    pthread_attr_t attr;
    pthread_t thread;
    if (pthread_attr_init(&attr) != 0) {
        fn(ctx);
        return;
    }
    bool started =
        pthread_attr_setstacksize(&attr, stack_bytes) == 0 &&
        pthread_create(&thread, &attr, big_stack_main, &job) == 0; /* GC_pthread_create */
    pthread_attr_destroy(&attr);
    if (started) pthread_join(thread, NULL);
    else fn(ctx);
}

void *arena_grow(Arena *arena, void *old, size_t elem_size, size_t old_n, size_t new_n) {
    void *p = arena_alloc(arena, elem_size * new_n);
    if (old && old_n) memcpy(p, old, elem_size * (old_n < new_n ? old_n : new_n));
    return p;
}

char *arena_strndup(Arena *arena, const char *s, size_t n) {
    char *p = arena_alloc(arena, n + 1);
    memcpy(p, s, n);
    p[n] = '\0';
    return p;
}

char *arena_strdup(Arena *arena, const char *s) { return arena_strndup(arena, s, strlen(s)); }

/* The length of the formatted text. GCC 12 with -fsanitize=undefined wrongly warns
   "null format string" here (its nonnull instrumentation confuses -Wformat-truncation). */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-truncation"
#endif
static int measure_vprintf(const char *fmt, va_list ap) { return vsnprintf(NULL, 0, fmt, ap); }
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

char *arena_vprintf(Arena *arena, const char *fmt, va_list ap) {
    va_list ap2;
    va_copy(ap2, ap);
    int n = measure_vprintf(fmt, ap2);
    va_end(ap2);
    char *p = arena_alloc(arena, (size_t)n + 1);
    vsnprintf(p, (size_t)n + 1, fmt, ap);
    return p;
}

char *arena_printf(Arena *arena, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    char *p = arena_vprintf(arena, fmt, ap);
    va_end(ap);
    return p;
}

static void intern_rehash(Arena *arena) {
    size_t cap = arena->intern_cap ? arena->intern_cap * 2 : 256;
    InternEntry *table = arena_alloc(arena, cap * sizeof *table);
    for (size_t i = 0; i < arena->intern_cap; i++) {
        InternEntry e = arena->interned[i];
        if (!e.str) continue;
        size_t j = e.hash & (cap - 1);
        while (table[j].str) j = (j + 1) & (cap - 1);
        table[j] = e;
    }
    arena->interned = table;
    arena->intern_cap = cap;
}

const char *arena_intern(Arena *arena, const char *s, size_t n) {
    if (arena->intern_len * 2 >= arena->intern_cap) intern_rehash(arena);
    uint64_t h = hash_bytes(s, n);
    size_t j = h & (arena->intern_cap - 1);
    for (;; j = (j + 1) & (arena->intern_cap - 1)) {
        InternEntry *e = &arena->interned[j];
        if (!e->str) {
            e->str = arena_strndup(arena, s, n);
            e->len = n;
            e->hash = h;
            arena->intern_len++;
            return e->str;
        }
        if (e->hash == h && e->len == n && memcmp(e->str, s, n) == 0) return e->str;
    }
}

const char *arena_intern_cstr(Arena *arena, const char *s) {
    return arena_intern(arena, s, strlen(s));
}

void strbuf_init(StrBuf *sb, Arena *arena) {
    sb->arena = arena;
    sb->data = NULL;
    sb->len = sb->cap = 0;
}

static void strbuf_reserve(StrBuf *sb, size_t extra) {
    if (sb->len + extra + 1 <= sb->cap) return;
    size_t cap = sb->cap ? sb->cap * 2 : 64;
    while (cap < sb->len + extra + 1) cap *= 2;
    sb->data = arena_grow(sb->arena, sb->data, 1, sb->len, cap);
    sb->cap = cap;
}

void strbuf_putn(StrBuf *sb, const char *s, size_t n) {
    strbuf_reserve(sb, n);
    memcpy(sb->data + sb->len, s, n);
    sb->len += n;
    sb->data[sb->len] = '\0';
}

void strbuf_putc(StrBuf *sb, char c) { strbuf_putn(sb, &c, 1); }
void strbuf_puts(StrBuf *sb, const char *s) { strbuf_putn(sb, s, strlen(s)); }

void strbuf_printf(StrBuf *sb, const char *fmt, ...) {
    va_list ap, ap2;
    va_start(ap, fmt);
    va_copy(ap2, ap);
    int n = measure_vprintf(fmt, ap2);
    va_end(ap2);
    strbuf_reserve(sb, (size_t)n);
    vsnprintf(sb->data + sb->len, (size_t)n + 1, fmt, ap);
    sb->len += (size_t)n;
    va_end(ap);
}

const char *strbuf_cstr(StrBuf *sb) {
    strbuf_reserve(sb, 0);
    sb->data[sb->len] = '\0';
    return sb->data;
}
