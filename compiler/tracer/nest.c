/* nest.c — nested structures of values, like tf.nest: lists, tuples and dicts are
 * structure, everything else is a leaf. tf.function arguments and results, branch
 * outputs and loop variables are all handled leaf by leaf through these. A dict's
 * leaves come in the order of its sorted keys, as tf.nest takes them, not in insertion
 * order: {"a": x, "b": y} and {"b": y, "a": x} are one trace key, so they must flatten
 * alike (a dict built by nest_map keeps its source's insertion order, as tf.nest's
 * pack_sequence_as does). */
#include <string.h>

#include "tracer_internal.h"

static bool is_structure(const Value *v) { return value_is_sequence(v) || v->kind == VAL_DICT; }

/* Keys of one kind by value (str, int, float, bool), other keys (tuples, None) by
   their repr; keys of different kinds by kind, which TensorFlow refuses ("nest only
   supports dicts with sortable keys") and Ingot orders so that the order is the same
   on every call, whatever the order of insertion. */
static int key_compare(Interp *in, const Value *a, const Value *b) {
    if (a->kind != b->kind) return a->kind < b->kind ? -1 : 1;
    switch (a->kind) {
    case VAL_STR: return strcmp(a->str.s, b->str.s);
    case VAL_INT: return a->i < b->i ? -1 : a->i > b->i;
    case VAL_FLOAT: return a->f < b->f ? -1 : a->f > b->f;
    case VAL_BOOL: return (int)a->b - (int)b->b;
    default: return strcmp(value_repr(in->arena, a), value_repr(in->arena, b));
    }
}

int *nest_dict_order(Interp *in, const Dict *d, int *n) {
    int *order = ARENA_ARRAY(in->arena, int, d->nentries + 1);
    *n = 0;
    for (int i = 0; i < d->nentries; i++) {
        if (!d->entries[i].key) continue;
        int at = (*n)++;
        for (; at > 0 && key_compare(in, d->entries[order[at - 1]].key, d->entries[i].key) > 0;
             at--)
            order[at] = order[at - 1];
        order[at] = i;
    }
    return order;
}

Value *nest_map(Interp *in, Value *v, LeafFn leaf_fn, void *ctx) {
    if (value_is_sequence(v)) {
        Value *copy = v->kind == VAL_LIST ? value_list(in->arena, v->list->len)
                                          : value_tuple(in->arena, v->list->len);
        for (int i = 0; i < v->list->len; i++)
            if (!(copy->list->items[i] = nest_map(in, v->list->items[i], leaf_fn, ctx)))
                return NULL;
        return copy;
    }
    if (v->kind == VAL_DICT) {
        int n, *order = nest_dict_order(in, v->dict, &n);
        Value **items = ARENA_ARRAY(in->arena, Value *, v->dict->nentries + 1);
        for (int k = 0; k < n; k++)
            if (!(items[order[k]] = nest_map(in, v->dict->entries[order[k]].value, leaf_fn, ctx)))
                return NULL;
        Value *copy = value_dict(in->arena);
        for (int i = 0; i < v->dict->nentries; i++)
            if (v->dict->entries[i].key) dict_set(in->arena, copy->dict, v->dict->entries[i].key,
                                                  items[i]);
        return copy;
    }
    return leaf_fn(in, v, ctx);
}

bool nest_within_depth(const Value *v, int depth) {
    if (!is_structure(v)) return true;
    if (depth == 0) return false;
    if (v->kind == VAL_DICT) {
        for (int i = 0; i < v->dict->nentries; i++)
            if (v->dict->entries[i].key && !nest_within_depth(v->dict->entries[i].value, depth - 1))
                return false;
        return true;
    }
    for (int i = 0; i < v->list->len; i++)
        if (!nest_within_depth(v->list->items[i], depth - 1)) return false;
    return true;
}

void nest_flatten(Interp *in, Value *v, List *out) {
    if (value_is_sequence(v))
        for (int i = 0; i < v->list->len; i++) nest_flatten(in, v->list->items[i], out);
    else if (v->kind == VAL_DICT) {
        int n, *order = nest_dict_order(in, v->dict, &n);
        for (int k = 0; k < n; k++) nest_flatten(in, v->dict->entries[order[k]].value, out);
    } else
        list_append(in->arena, out, v);
}

bool nest_same_structure(const Value *a, const Value *b) {
    if (!is_structure(a) || !is_structure(b)) return is_structure(a) == is_structure(b);
    if (a->kind != b->kind) return false;
    if (a->kind == VAL_DICT) {
        if (a->dict->count != b->dict->count) return false;
        for (int i = 0; i < a->dict->nentries; i++) {
            const DictEntry *e = &a->dict->entries[i];
            if (!e->key) continue;
            Value *other = dict_get(b->dict, e->key);
            if (!other || !nest_same_structure(e->value, other)) return false;
        }
        return true;
    }
    if (a->list->len != b->list->len) return false;
    for (int i = 0; i < a->list->len; i++)
        if (!nest_same_structure(a->list->items[i], b->list->items[i])) return false;
    return true;
}

typedef struct PackCtx {
    Value **leaves;
    int next;
} PackCtx;

static Value *next_leaf(Interp *in, Value *leaf, void *ctxp) {
    (void)in, (void)leaf;
    PackCtx *ctx = ctxp;
    return ctx->leaves[ctx->next++];
}

Value *nest_pack(Interp *in, Value *structure, Value **leaves, int *next) {
    PackCtx ctx = {leaves, *next};
    Value *v = nest_map(in, structure, next_leaf, &ctx);
    *next = ctx.next;
    return v;
}
