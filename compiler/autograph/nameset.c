/* nameset.c — sets of interned names (sorted by address, merged in linear time)
 * and pointer-keyed maps, the two containers of AutoGraph's analyses.
 * Entry points: namebuf_*, nameset_*, ptrmap_*.
 * Memory owner: everything lives in the arena passed in (a scope's scratch arena). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ag.h"

static int cmp_addr(const void *a, const void *b) {
    uintptr_t x = (uintptr_t) * (const char *const *)a, y = (uintptr_t) * (const char *const *)b;
    return x < y ? -1 : x > y;
}

static int cmp_text(const void *a, const void *b) {
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

void namebuf_init(NameBuf *b, Arena *arena) {
    memset(b, 0, sizeof *b);
    b->arena = arena;
}

void namebuf_push(NameBuf *b, const char *interned) {
    if (b->n == b->cap) {
        int cap = b->cap ? b->cap * 2 : 8;
        b->v = arena_grow(b->arena, b->v, sizeof *b->v, (size_t)b->n, (size_t)cap);
        b->cap = cap;
    }
    b->v[b->n++] = interned;
}

NameSet namebuf_set(const NameBuf *b) {
    NameSet s = {0};
    if (b->n == 0) return s;
    s.v = ARENA_ARRAY(b->arena, const char *, b->n);
    memcpy(s.v, b->v, sizeof *s.v * (size_t)b->n);
    qsort(s.v, (size_t)b->n, sizeof *s.v, cmp_addr);
    int n = 0;
    for (int i = 0; i < b->n; i++)
        if (n == 0 || s.v[n - 1] != s.v[i]) s.v[n++] = s.v[i];
    s.n = n;
    return s;
}

bool nameset_has(NameSet s, const char *interned) {
    int lo = 0, hi = s.n;
    uintptr_t key = (uintptr_t)interned;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        uintptr_t m = (uintptr_t)s.v[mid];
        if (m == key) return true;
        if (m < key) lo = mid + 1;
        else hi = mid;
    }
    return false;
}

NameSet nameset_add(Arena *a, NameSet s, const char *interned) {
    if (nameset_has(s, interned)) return s;
    const char **v = ARENA_ARRAY(a, const char *, 1);
    v[0] = interned;
    return nameset_union(a, s, (NameSet){v, 1});
}

/* One merge loop for the three set operations: keep tells which of
   (only in x, in both, only in y) survive. */
static NameSet merge(Arena *a, NameSet x, NameSet y, bool only_x, bool both, bool only_y) {
    NameSet r = {0};
    if (x.n + y.n == 0) return r;
    r.v = ARENA_ARRAY(a, const char *, x.n + y.n);
    int i = 0, j = 0;
    while (i < x.n || j < y.n) {
        uintptr_t p = i < x.n ? (uintptr_t)x.v[i] : UINTPTR_MAX;
        uintptr_t q = j < y.n ? (uintptr_t)y.v[j] : UINTPTR_MAX;
        if (i < x.n && (j >= y.n || p < q)) {
            if (only_x) r.v[r.n++] = x.v[i];
            i++;
        } else if (j < y.n && (i >= x.n || q < p)) {
            if (only_y) r.v[r.n++] = y.v[j];
            j++;
        } else {
            if (both) r.v[r.n++] = x.v[i];
            i++;
            j++;
        }
    }
    return r;
}

NameSet nameset_union(Arena *a, NameSet x, NameSet y) {
    if (y.n == 0) return x;
    if (x.n == 0) return y;
    return merge(a, x, y, true, true, true);
}

NameSet nameset_minus(Arena *a, NameSet x, NameSet y) {
    if (x.n == 0 || y.n == 0) return x;
    return merge(a, x, y, true, false, false);
}

NameSet nameset_inter(Arena *a, NameSet x, NameSet y) {
    if (x.n == 0 || y.n == 0) return (NameSet){0};
    return merge(a, x, y, false, true, false);
}

bool nameset_equal(NameSet x, NameSet y) {
    if (x.n != y.n) return false;
    for (int i = 0; i < x.n; i++)
        if (x.v[i] != y.v[i]) return false;
    return true;
}

const char **nameset_sorted(Arena *a, NameSet s) {
    const char **v = ARENA_ARRAY(a, const char *, s.n + 1);
    if (s.n) memcpy(v, s.v, sizeof *v * (size_t)s.n);
    qsort(v, (size_t)s.n, sizeof *v, cmp_text);
    return v;
}

/* ---- pointer maps ------------------------------------------------------------------------ */

void ptrmap_init(PtrMap *m, Arena *arena) {
    memset(m, 0, sizeof *m);
    m->arena = arena;
}

static size_t slot_of(const PtrMap *m, const void *key) {
    uintptr_t h = (uintptr_t)key;
    h ^= h >> 17;
    h *= 0x9E3779B97F4A7C15u;
    size_t i = (size_t)(h >> 7) & (m->cap - 1);
    while (m->keys[i] && m->keys[i] != key) i = (i + 1) & (m->cap - 1);
    return i;
}

void ptrmap_put(PtrMap *m, const void *key, void *val) {
    IG_ASSERT(key != NULL);
    if (2 * (m->len + 1) > m->cap) {
        PtrMap bigger = {.arena = m->arena, .cap = m->cap ? m->cap * 2 : 64};
        bigger.keys = ARENA_ARRAY(m->arena, const void *, bigger.cap);
        bigger.vals = ARENA_ARRAY(m->arena, void *, bigger.cap);
        for (size_t i = 0; i < m->cap; i++)
            if (m->keys[i]) ptrmap_put(&bigger, m->keys[i], m->vals[i]);
        *m = bigger;
    }
    size_t i = slot_of(m, key);
    if (!m->keys[i]) {
        m->keys[i] = key;
        m->len++;
    }
    m->vals[i] = val;
}

void *ptrmap_get(const PtrMap *m, const void *key) {
    if (m->cap == 0) return NULL;
    size_t i = slot_of(m, key);
    return m->keys[i] ? m->vals[i] : NULL;
}
