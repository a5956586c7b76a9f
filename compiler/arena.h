/* arena.h — the compilation's memory: a chunked bump allocator and a string interner.
 * Entry points: arena_new, arena_alloc, arena_intern, arena_free.
 * Memory owner: the driver creates one Arena per compilation and frees it once;
 * everything allocated from it (tokens, AST, values, graph, strings) dies with it. */
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
