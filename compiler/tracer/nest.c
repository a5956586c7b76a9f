/* nest.c — nested structures of values, like tf.nest: lists, tuples and dicts are
 * structure, everything else is a leaf. tf.function arguments and results, branch
 * outputs and loop variables are all handled leaf by leaf through these. */
#include "tracer_internal.h"

static bool is_structure(const Value *v) { return value_is_sequence(v) || v->kind == VAL_DICT; }

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
        Value *copy = value_dict(in->arena);
        for (int i = 0; i < v->dict->nentries; i++) {
            DictEntry *e = &v->dict->entries[i];
            if (!e->key) continue;
            Value *item = nest_map(in, e->value, leaf_fn, ctx);
            if (!item) return NULL;
            dict_set(in->arena, copy->dict, e->key, item);
        }
        return copy;
    }
    return leaf_fn(in, v, ctx);
}

void nest_flatten(Interp *in, Value *v, List *out) {
    if (value_is_sequence(v))
        for (int i = 0; i < v->list->len; i++) nest_flatten(in, v->list->items[i], out);
    else if (v->kind == VAL_DICT)
        for (int i = 0; i < v->dict->nentries; i++) {
            if (v->dict->entries[i].key) nest_flatten(in, v->dict->entries[i].value, out);
        }
    else
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
