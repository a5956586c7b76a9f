/* str_build.c — `s += x` and `s = s + x` on strings in amortized linear time.
 * Entry points: str_concat_growable, str_append_in_place (called by exec.c).
 * Memory owner: the buffers are the Arena's; a string's buffer is shared by the Value
 * it grew from, which nothing can reach any more (see Value.str.cap). */
#include <string.h>

#include "builtins.h"
#include "vm.h"

/* Room for the next appends: the length doubled, so a loop of n appends copies O(n). */
static size_t growable_cap(size_t len) { return 2 * len + 32; }

Value *str_concat_growable(Interp *in, const Value *a, const Value *b) {
    size_t len = a->str.len + b->str.len, cap = growable_cap(len);
    char *buf = arena_alloc(in->arena, cap);
    memcpy(buf, a->str.s, a->str.len);
    memcpy(buf + a->str.len, b->str.s, b->str.len);
    buf[len] = '\0';
    Value *v = value_new(in->arena, VAL_STR);
    v->str.s = buf;
    v->str.len = len;
    v->str.cap = cap;
    return v;
}

Value *str_append_in_place(Interp *in, Value *a, const Value *b) {
    IG_ASSERT(a->kind == VAL_STR && a->str.cap > a->str.len);
    size_t len = a->str.len + b->str.len;
    if (len >= a->str.cap) return str_concat_growable(in, a, b);
    char *buf = (char *)a->str.s;
    memcpy(buf + a->str.len, b->str.s, b->str.len); /* a's own NUL goes: a is unreachable */
    buf[len] = '\0';
    Value *v = value_new(in->arena, VAL_STR);
    v->str.s = buf;
    v->str.len = len;
    v->str.cap = a->str.cap;
    a->str.cap = 0;
    return v;
}
