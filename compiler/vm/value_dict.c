/* value_dict.c — Python's insertion-ordered dict, and the equality and hashing it uses. */
#include "value.h"

#include "foreign.h"
#include "hash.h"

#include <math.h>
#include <string.h>

/* An int against a double, exactly (CPython compares the values, not their doubles:
   2**53 + 1 != 2.0**53). */
static int compare_int_double(int64_t i, double f) {
    if (f >= 9223372036854775808.0) return -1;
    if (f < -9223372036854775808.0) return 1;
    double fl = floor(f);
    int64_t fi = (int64_t)fl;
    if (i != fi) return i < fi ? -1 : 1;
    return f > fl ? -1 : 0;
}

int number_compare(const Value *a, const Value *b) {
    bool fa = a->kind == VAL_FLOAT, fb = b->kind == VAL_FLOAT;
    if ((fa && isnan(a->f)) || (fb && isnan(b->f))) return 2;
    if (fa && fb) return (a->f > b->f) - (a->f < b->f);
    if (!fa && !fb) {
        int64_t x = a->kind == VAL_INT ? a->i : a->b, y = b->kind == VAL_INT ? b->i : b->b;
        return (x > y) - (x < y);
    }
    if (fb) return compare_int_double(a->kind == VAL_INT ? a->i : a->b, b->f);
    return -compare_int_double(b->kind == VAL_INT ? b->i : b->b, a->f);
}

List *dict_view_items(Arena *a, const Value *view) {
    const Dict *d = view->view.dict;
    List *l = ARENA_NEW(a, List);
    for (int i = 0; i < d->nentries; i++) {
        const DictEntry *e = &d->entries[i];
        if (!e->key) continue;
        Value *item = view->view.which == 0 ? e->key : e->value;
        if (view->view.which == 2) {
            item = value_tuple(a, 2);
            item->list->items[0] = e->key;
            item->list->items[1] = e->value;
        }
        list_append(a, l, item);
    }
    return l;
}

static ValueDepthGuard depth_guard;

void value_set_depth_guard(ValueDepthGuard guard) { depth_guard = guard; }

bool value_depth_enter(const char *what) {
    if (!depth_guard.depth) return true;
    if (*depth_guard.depth + 1 >= depth_guard.limit) {
        depth_guard.too_deep(depth_guard.ctx, what);
        return false;
    }
    ++*depth_guard.depth;
    return true;
}

void value_depth_leave(void) {
    if (depth_guard.depth) --*depth_guard.depth;
}

static bool equal_values(const Value *a, const Value *b) {
    if (a->kind == VAL_SET && b->kind == VAL_SET)
        return a->set->used == b->set->used && set_is_subset(a->set, b->set);
    if (a == b) return true;
    if (value_is_number(a) && value_is_number(b)) return number_compare(a, b) == 0;
    if (a->kind != b->kind) return false;
    switch (a->kind) {
    case VAL_NONE:
    case VAL_ELLIPSIS: return true;
    case VAL_STR: return a->str.len == b->str.len && memcmp(a->str.s, b->str.s, a->str.len) == 0;
    case VAL_LIST:
    case VAL_TUPLE:
        if (a->list->len != b->list->len) return false;
        for (int i = 0; i < a->list->len; i++)
            if (!value_equal(a->list->items[i], b->list->items[i])) return false;
        return true;
    case VAL_DICT: {
        if (a->dict->count != b->dict->count) return false;
        for (int i = 0; i < a->dict->nentries; i++) {
            const DictEntry *e = &a->dict->entries[i];
            if (!e->key) continue;
            Value *other = dict_get(b->dict, e->key);
            if (!other || !value_equal(e->value, other)) return false;
        }
        return true;
    }
    case VAL_RANGE:
        return a->range.start == b->range.start && a->range.stop == b->range.stop &&
               a->range.step == b->range.step;
    case VAL_FUNCTION: return a->fn == b->fn;
    case VAL_BUILTIN:
        return a->builtin->fn == b->builtin->fn && a->builtin->self == b->builtin->self;
    case VAL_MODULE: return a->module == b->module;
    case VAL_CLASS: return a->cls == b->cls;
    case VAL_INSTANCE:
        if (a->inst->cls->user_eq || b->inst->cls->user_eq) return instance_user_equal(a, b);
        return a->inst == b->inst;
    case VAL_METHOD:
        return value_equal(a->method.fn, b->method.fn) &&
               value_equal(a->method.self, b->method.self);
    default: {
        const ForeignType *type = value_foreign(a);
        return type && type->same && type->same(a, b); /* identity was checked first */
    }
    }
}

bool value_equal(const Value *a, const Value *b) {
    if (a == b && a->kind != VAL_SET) return true;
    if (!value_depth_enter(" in comparison")) return false;
    bool eq = equal_values(a, b);
    value_depth_leave();
    return eq;
}

static uint64_t mix(uint64_t h, uint64_t x) {
    h ^= x + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
    return h;
}

bool value_hash(const Value *v, uint64_t *hash) {
    switch (v->kind) {
    case VAL_NONE: *hash = 0x4e6f6e65; return true;
    case VAL_BOOL: *hash = (uint64_t)v->b; return true;
    case VAL_INT: *hash = (uint64_t)v->i; return true;
    case VAL_FLOAT: {
        /* Equal numbers hash equally: 2.0 == 2 */
        if (v->f == floor(v->f) && fabs(v->f) < 9.2e18) {
            *hash = (uint64_t)(int64_t)v->f;
            return true;
        }
        uint64_t bits;
        memcpy(&bits, &v->f, sizeof bits);
        *hash = bits;
        return true;
    }
    case VAL_STR: {
        *hash = hash_bytes(v->str.s, v->str.len);
        return true;
    }
    case VAL_TUPLE: {
        uint64_t h = 0x345678;
        for (int i = 0; i < v->list->len; i++) {
            uint64_t x;
            if (!value_hash(v->list->items[i], &x)) return false;
            h = mix(h, x);
        }
        *hash = h;
        return true;
    }
    case VAL_LIST:
    case VAL_DICT:
    case VAL_SLICE:
    case VAL_SET: return false;
    case VAL_INSTANCE:
        if (v->inst->cls->hash_kind == HASH_USER) {
            int64_t h;
            if (!instance_user_hash(v, &h)) return false;
            *hash = (uint64_t)h;
            return true;
        }
        if (v->inst->cls->hash_kind != HASH_IDENTITY) return false;
        *hash = (uint64_t)(uintptr_t)v->inst >> 4;
        return true;
    case VAL_CLASS: *hash = (uint64_t)(uintptr_t)v->cls >> 4; return true;
    case VAL_METHOD: {
        uint64_t f, s;
        if (!value_hash(v->method.fn, &f) || !value_hash(v->method.self, &s)) return false;
        *hash = mix(f, s);
        return true;
    }
    case VAL_RANGE:
        *hash =
            mix(mix((uint64_t)v->range.start, (uint64_t)v->range.stop), (uint64_t)v->range.step);
        return true;
    default: {
        const ForeignType *type = value_foreign(v);
        if (type && type->hash) return type->hash(v, hash);
        /* identity hash: functions, modules, tensors, ... */
        const void *p = v->kind == VAL_FUNCTION ? (const void *)v->fn
                      : v->kind == VAL_MODULE ? (const void *)v->module
                      : v->kind == VAL_BUILTIN ? (const void *)v->builtin->self
                                               : (const void *)v;
        *hash = (uint64_t)(uintptr_t)p >> 4;
        return true;
    }
    }
}

static int dict_find(const Dict *d, const Value *key, uint64_t h) {
    if (!d->index_cap) return -1;
    for (int j = (int)(h & (uint64_t)(d->index_cap - 1));; j = (j + 1) & (d->index_cap - 1)) {
        int e = d->index[j];
        if (e == -1) return -1;
        const DictEntry *entry = &d->entries[e];
        if (entry->key && entry->hash == h && value_equal(entry->key, key)) return e;
    }
}

Value *dict_get(const Dict *d, const Value *key) {
    uint64_t h;
    if (!value_hash(key, &h)) return NULL;
    int e = dict_find(d, key, h);
    return e < 0 ? NULL : d->entries[e].value;
}

static void dict_reindex(Arena *a, Dict *d, int index_cap) {
    d->index = ARENA_ARRAY(a, int, index_cap);
    d->index_cap = index_cap;
    for (int j = 0; j < index_cap; j++) d->index[j] = -1;
    for (int e = 0; e < d->nentries; e++) {
        if (!d->entries[e].key) continue; /* deleted entries keep their slot in order only */
        int j = (int)(d->entries[e].hash & (uint64_t)(index_cap - 1));
        while (d->index[j] != -1) j = (j + 1) & (index_cap - 1);
        d->index[j] = e;
    }
}

void dict_set(Arena *a, Dict *d, Value *key, Value *value) {
    uint64_t h;
    if (!value_hash(key, &h)) return;
    int e = dict_find(d, key, h);
    if (e >= 0) {
        d->entries[e].value = value;
        return;
    }
    if (d->nentries == d->cap) {
        int cap = d->cap ? d->cap * 2 : 8;
        d->entries = arena_grow(a, d->entries, sizeof(DictEntry), (size_t)d->nentries, (size_t)cap);
        d->cap = cap;
    }
    d->entries[d->nentries++] = (DictEntry){key, value, h};
    d->count++;
    if ((d->nentries + 1) * 2 > d->index_cap) {
        int cap = d->index_cap ? d->index_cap : 16;
        while ((d->nentries + 1) * 2 > cap) cap *= 2;
        dict_reindex(a, d, cap);
    } else {
        int j = (int)(h & (uint64_t)(d->index_cap - 1));
        while (d->index[j] != -1) j = (j + 1) & (d->index_cap - 1);
        d->index[j] = d->nentries - 1;
    }
}

bool dict_delete(Dict *d, const Value *key) {
    uint64_t h;
    if (!value_hash(key, &h)) return false;
    int e = dict_find(d, key, h);
    if (e < 0) return false;
    /* The index slot keeps pointing at the dead entry, which lookups skip. */
    d->entries[e].key = NULL;
    d->count--;
    return true;
}
