/* trace_key.c — the cache keys of tf.function (TF-SEMANTICS.md §1 "TraceType"): a
 * call's arguments as a tuple of trace types. Tensors by dtype and shape (an unknown
 * dim, -1, is a supertype of every size), Python scalars and strings by value and
 * type, lists/tuples by their items, dicts by key → type, anything else by identity.
 * Here: building keys, matching a call against a cached (perhaps relaxed) key,
 * generalizing two keys (reduce_retracing), and saying how two keys differ.
 * Entry points: trace_key_of_call, trace_key_of_signature, trace_key_matches,
 * trace_key_generalize, trace_key_specificity, trace_key_tensor_types,
 * trace_key_difference. Memory owner: the interpreter's Arena. */
#include <string.h>

#include "function.h"
#include "tracer_internal.h"

static Value *tuple_of(Interp *in, int n, Value **items) {
    Value *t = value_tuple(in->arena, n);
    memcpy(t->list->items, items, sizeof(Value *) * (size_t)n);
    return t;
}

static Value *tensor_key(Interp *in, const TensorType *t) {
    Value *dims = value_tuple(in->arena, t->shape.rank);
    for (int i = 0; i < t->shape.rank; i++)
        dims->list->items[i] = value_int(in->arena, t->shape.dims[i]);
    Value *parts[3] = {value_cstr(in->arena, "Tensor"), value_int(in->arena, t->dtype), dims};
    return tuple_of(in, 3, parts);
}

static Value *trace_type(Interp *in, Value *v) {
    Arena *a = in->arena;
    switch (v->kind) {
    case VAL_TENSOR: return tensor_key(in, &v->tensor.ir->type);
    case VAL_LIST:
    case VAL_TUPLE: {
        Value *items = value_tuple(a, v->list->len + 1);
        items->list->items[0] = value_cstr(a, value_type_name(v));
        for (int i = 0; i < v->list->len; i++)
            items->list->items[i + 1] = trace_type(in, v->list->items[i]);
        return items;
    }
    case VAL_DICT: { /* in nest's order, which type_tensors follows */
        Value *items = value_dict(a);
        int n, *order = nest_dict_order(in, v->dict, &n);
        for (int k = 0; k < n; k++)
            dict_set(a, items->dict, v->dict->entries[order[k]].key,
                     trace_type(in, v->dict->entries[order[k]].value));
        Value *parts[2] = {value_cstr(a, "dict"), items};
        return tuple_of(in, 2, parts);
    }
    case VAL_NONE:
    case VAL_BOOL:
    case VAL_INT:
    case VAL_FLOAT:
    case VAL_STR: {
        /* By value, and by type: f(1) and f(True) are different traces. */
        Value *parts[2] = {value_cstr(a, value_type_name(v)), v};
        return tuple_of(in, 2, parts);
    }
    default: {
        Value *parts[2] = {value_cstr(a, "object"), v};
        return tuple_of(in, 2, parts);
    }
    }
}

Value *trace_key_of_call(Interp *in, const CallArgs *args) {
    Value *key = value_tuple(in->arena, args->npos + 2 * args->nkw);
    for (int i = 0; i < args->npos; i++) key->list->items[i] = trace_type(in, args->pos[i]);
    for (int k = 0; k < args->nkw; k++) {
        key->list->items[args->npos + 2 * k] = value_cstr(in->arena, args->kw_names[k]);
        key->list->items[args->npos + 2 * k + 1] = trace_type(in, args->kw_values[k]);
    }
    return key;
}

Value *trace_key_of_signature(Interp *in, const List *specs) {
    Value *key = value_tuple(in->arena, specs->len);
    for (int i = 0; i < specs->len; i++)
        key->list->items[i] = tensor_key(in, specs->items[i]->spec.type);
    return key;
}

/* ---- Reading keys back ------------------------------------------------------------------- */

static bool is_kind(const Value *k, const char *kind) {
    return k->kind == VAL_TUPLE && k->list->len > 0 && k->list->items[0]->kind == VAL_STR &&
           strcmp(k->list->items[0]->str.s, kind) == 0;
}

static bool is_tensor_key(const Value *k) { return is_kind(k, "Tensor") && k->list->len == 3; }

static TensorType tensor_key_type(const Value *k) {
    TensorType t = {.dtype = (DType)k->list->items[1]->i};
    const List *dims = k->list->items[2]->list;
    t.shape.rank = dims->len;
    for (int i = 0; i < dims->len; i++) t.shape.dims[i] = dims->items[i]->i;
    return t;
}

/* Structured keys (list, tuple, dict) hold other keys; everything else is a leaf. */
static bool is_structure_key(const Value *k) { return is_kind(k, "list") || is_kind(k, "tuple"); }

static void type_tensors(Interp *in, const Value *k, TensorType **out, int *n) {
    if (is_tensor_key(k)) {
        *out = arena_grow(in->arena, *out, sizeof(TensorType), (size_t)*n, (size_t)*n + 1);
        (*out)[(*n)++] = tensor_key_type(k);
    } else if (is_structure_key(k)) {
        for (int i = 1; i < k->list->len; i++) type_tensors(in, k->list->items[i], out, n);
    } else if (is_kind(k, "dict") && k->list->len == 2) {
        const Dict *d = k->list->items[1]->dict;
        for (int i = 0; i < d->nentries; i++)
            if (d->entries[i].key) type_tensors(in, d->entries[i].value, out, n);
    }
}

void trace_key_tensor_types(Interp *in, const Value *key, TensorType **out, int *n) {
    /* positional types, then (name, type) pairs: the names are plain strings */
    for (int i = 0; i < key->list->len; i++)
        if (key->list->items[i]->kind != VAL_STR) type_tensors(in, key->list->items[i], out, n);
}

/* ---- Comparing keys ------------------------------------------------------------------------- */

/* The cached type `have` accepts the call's type `want`: equal, except that an
   unknown dim accepts any size. */
static bool type_matches(const Value *have, const Value *want) {
    if (is_tensor_key(have) && is_tensor_key(want)) {
        TensorType h = tensor_key_type(have), w = tensor_key_type(want);
        if (h.dtype != w.dtype || h.shape.rank != w.shape.rank) return false;
        for (int i = 0; i < h.shape.rank; i++)
            if (h.shape.dims[i] != DIM_UNKNOWN && h.shape.dims[i] != w.shape.dims[i]) return false;
        return true;
    }
    if (is_structure_key(have) && is_structure_key(want)) {
        if (have->list->len != want->list->len ||
            !value_equal(have->list->items[0], want->list->items[0]))
            return false;
        for (int i = 1; i < have->list->len; i++)
            if (!type_matches(have->list->items[i], want->list->items[i])) return false;
        return true;
    }
    if (is_kind(have, "dict") && is_kind(want, "dict")) {
        const Dict *h = have->list->items[1]->dict, *w = want->list->items[1]->dict;
        if (h->count != w->count) return false;
        for (int i = 0; i < h->nentries; i++) {
            if (!h->entries[i].key) continue;
            Value *other = dict_get(w, h->entries[i].key);
            if (!other || !type_matches(h->entries[i].value, other)) return false;
        }
        return true;
    }
    return value_equal(have, want);
}

bool trace_key_matches(const Value *have, const Value *want) {
    if (have->list->len != want->list->len) return false;
    for (int i = 0; i < have->list->len; i++)
        if (!type_matches(have->list->items[i], want->list->items[i])) return false;
    return true;
}

static int type_specificity(const Value *k) {
    if (is_tensor_key(k)) {
        TensorType t = tensor_key_type(k);
        int known = 0;
        for (int i = 0; i < t.shape.rank; i++) known += t.shape.dims[i] != DIM_UNKNOWN;
        return known;
    }
    int n = 0;
    if (is_structure_key(k))
        for (int i = 1; i < k->list->len; i++) n += type_specificity(k->list->items[i]);
    return n;
}

int trace_key_specificity(const Value *key) {
    int n = 0;
    for (int i = 0; i < key->list->len; i++) n += type_specificity(key->list->items[i]);
    return n;
}

/* The most specific type both a and b are subtypes of, or NULL when there is none
   (different dtypes, ranks, structures or Python values). */
static Value *type_generalize(Interp *in, Value *a, Value *b) {
    if (is_tensor_key(a) && is_tensor_key(b)) {
        TensorType ta = tensor_key_type(a), tb = tensor_key_type(b);
        if (ta.dtype != tb.dtype || ta.shape.rank != tb.shape.rank) return NULL;
        for (int i = 0; i < ta.shape.rank; i++)
            if (ta.shape.dims[i] != tb.shape.dims[i]) ta.shape.dims[i] = DIM_UNKNOWN;
        return tensor_key(in, &ta);
    }
    if (is_structure_key(a) && is_structure_key(b)) {
        if (a->list->len != b->list->len || !value_equal(a->list->items[0], b->list->items[0]))
            return NULL;
        Value *g = value_tuple(in->arena, a->list->len);
        g->list->items[0] = a->list->items[0];
        for (int i = 1; i < a->list->len; i++)
            if (!(g->list->items[i] = type_generalize(in, a->list->items[i], b->list->items[i])))
                return NULL;
        return g;
    }
    return value_equal(a, b) ? a : NULL;
}

Value *trace_key_generalize(Interp *in, Value *a, Value *b) {
    if (a->list->len != b->list->len) return NULL;
    Value *g = value_tuple(in->arena, a->list->len);
    for (int i = 0; i < a->list->len; i++)
        if (!(g->list->items[i] = type_generalize(in, a->list->items[i], b->list->items[i])))
            return NULL;
    return g;
}

int trace_key_distance(const Value *a, const Value *b) {
    if (a->list->len != b->list->len) return 1 << 20;
    int n = 0;
    for (int i = 0; i < a->list->len; i++) n += !type_matches(a->list->items[i], b->list->items[i]);
    return n;
}

/* ---- Explaining a difference ----------------------------------------------------------------- */

static const char *type_text(Interp *in, const Value *k) {
    if (is_tensor_key(k)) {
        TensorType t = tensor_key_type(k);
        return arena_printf(in->arena, "%s %s tensor of shape %s",
                            indefinite_article(dtype_name(t.dtype)), dtype_name(t.dtype),
                            shape_tuple_text(in->arena, &t.shape));
    }
    if (is_structure_key(k))
        return arena_printf(in->arena, "a %s of %d", k->list->items[0]->str.s, k->list->len - 1);
    if (is_kind(k, "dict")) return "a dict";
    if (k->kind == VAL_TUPLE && k->list->len == 2 && !is_kind(k, "object"))
        return arena_printf(in->arena, "the Python %s %s", k->list->items[0]->str.s,
                            value_repr(in->arena, k->list->items[1]));
    return "another object";
}

/* "('x', 'y')": a dict key's keys, sorted as their reprs are. */
static const char *dict_keys_text(Interp *in, const Dict *d) {
    const char **keys = ARENA_ARRAY(in->arena, const char *, d->count + 1);
    int n = 0;
    for (int i = 0; i < d->nentries; i++)
        if (d->entries[i].key) keys[n++] = value_repr(in->arena, d->entries[i].key);
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && strcmp(keys[j - 1], keys[j]) > 0; j--) {
            const char *t = keys[j];
            keys[j] = keys[j - 1];
            keys[j - 1] = t;
        }
    StrBuf sb;
    strbuf_init(&sb, in->arena);
    strbuf_putc(&sb, '(');
    for (int i = 0; i < n; i++) strbuf_printf(&sb, "%s%s", i ? ", " : "", keys[i]);
    strbuf_putc(&sb, ')');
    return strbuf_cstr(&sb);
}

/* "2 positional arguments and 'n'": a call key's shape, when two do not line up. */
static const char *arguments_text(Interp *in, const Value *key) {
    int npos = 0;
    while (npos < key->list->len && key->list->items[npos]->kind != VAL_STR) npos++;
    StrBuf sb;
    strbuf_init(&sb, in->arena);
    strbuf_printf(&sb, "%d positional argument%s", npos, npos == 1 ? "" : "s");
    for (int i = npos; i + 1 < key->list->len; i += 2)
        strbuf_printf(&sb, "%s'%s'", i == npos ? " and keywords " : ", ",
                      key->list->items[i]->str.s);
    return strbuf_cstr(&sb);
}

static bool type_matches_shape(const Shape *h, const Shape *w) {
    if (h->rank != w->rank) return false;
    for (int i = 0; i < h->rank; i++)
        if (h->dims[i] != DIM_UNKNOWN && h->dims[i] != w->dims[i]) return false;
    return true;
}

/* A shape or dtype as the difference shows it: "shape (3,)", "dtype int32". */
static void tensor_difference(Interp *in, const Value *have, const Value *want, KeyDiff *d) {
    TensorType h = tensor_key_type(have), w = tensor_key_type(want);
    if (h.dtype != w.dtype && !type_matches_shape(&h.shape, &w.shape)) {
        d->now = type_text(in, want);
        d->was = type_text(in, have);
    } else if (h.dtype != w.dtype) {
        d->now = arena_printf(in->arena, "dtype %s", dtype_name(w.dtype));
        d->was = dtype_name(h.dtype);
    } else {
        d->now = arena_printf(in->arena, "shape %s", shape_tuple_text(in->arena, &w.shape));
        d->was = shape_tuple_text(in->arena, &h.shape);
    }
}

static bool is_python_value_key(const Value *k) {
    return k->kind == VAL_TUPLE && k->list->len == 2 && k->list->items[0]->kind == VAL_STR &&
           !is_kind(k, "object") && !is_kind(k, "dict");
}

/* Where `want` differs from `have` inside one argument, appended to diffs: a list's
   items and a dict's keys are looked into, so the text names the item that differs
   ("argument 'values', item 1: shape (3,)", was "(2,)"), not the whole list. */
static void type_differences(Interp *in, const Value *have, const Value *want, const char *who,
                             KeyDiff **diffs, int *n) {
    if (type_matches(have, want)) return;
    KeyDiff d = {.who = who};
    if (is_tensor_key(have) && is_tensor_key(want)) {
        tensor_difference(in, have, want, &d);
    } else if (is_structure_key(have) && is_structure_key(want) &&
               have->list->len == want->list->len &&
               value_equal(have->list->items[0], want->list->items[0])) {
        for (int i = 1; i < have->list->len; i++)
            type_differences(in, have->list->items[i], want->list->items[i],
                             arena_printf(in->arena, "%s, item %d", who, i - 1), diffs, n);
        return;
    } else if (is_kind(have, "dict") && is_kind(want, "dict")) {
        const Dict *h = have->list->items[1]->dict, *w = want->list->items[1]->dict;
        bool same_keys = h->count == w->count;
        for (int i = 0; same_keys && i < h->nentries; i++)
            same_keys = !h->entries[i].key || dict_get(w, h->entries[i].key);
        if (same_keys) {
            for (int i = 0; i < h->nentries; i++)
                if (h->entries[i].key)
                    type_differences(
                        in, h->entries[i].value, dict_get(w, h->entries[i].key),
                        arena_printf(in->arena, "%s, key %s", who,
                                     value_repr(in->arena, h->entries[i].key)),
                        diffs, n);
            return;
        }
        d.now = arena_printf(in->arena, "a dict with keys %s", dict_keys_text(in, w));
        d.was = dict_keys_text(in, h);
    } else if (is_python_value_key(have) && is_python_value_key(want) &&
               value_equal(have->list->items[0], want->list->items[0])) {
        /* The same Python type: the values say it ("3", was "2"). */
        d.now = value_repr(in->arena, want->list->items[1]);
        d.was = value_repr(in->arena, have->list->items[1]);
    } else {
        d.now = type_text(in, want);
        d.was = type_text(in, have);
    }
    *diffs = arena_grow(in->arena, *diffs, sizeof(KeyDiff), (size_t)*n, (size_t)*n + 1);
    (*diffs)[(*n)++] = d;
}

int trace_key_differences(Interp *in, const Value *have, const Value *want,
                          const char *const *names, KeyDiff **diffs) {
    int n = 0;
    *diffs = NULL;
    if (have->list->len != want->list->len) {
        *diffs = ARENA_NEW(in->arena, KeyDiff);
        **diffs = (KeyDiff){.who = "the arguments",
                            .now = arguments_text(in, want),
                            .was = arguments_text(in, have)};
        return 1;
    }
    for (int i = 0; i < have->list->len; i++) {
        const Value *h = have->list->items[i], *w = want->list->items[i];
        if (h->kind == VAL_STR) {
            /* A keyword's name: the pairs line up only when the names do. */
            if (value_equal(h, w)) continue;
            *diffs = ARENA_NEW(in->arena, KeyDiff);
            **diffs = (KeyDiff){.who = "the arguments",
                                .now = arguments_text(in, want),
                                .was = arguments_text(in, have)};
            return 1;
        }
        const char *who = names && names[i] ? arena_printf(in->arena, "argument '%s'", names[i])
                                             : arena_printf(in->arena, "argument %d", i);
        type_differences(in, h, w, who, diffs, &n);
    }
    return n;
}

const char *trace_key_difference(Interp *in, const Value *have, const Value *want,
                                 const char *const *names) {
    KeyDiff *d;
    int n = trace_key_differences(in, have, want, names, &d);
    if (!n) return "the same types";
    StrBuf sb;
    strbuf_init(&sb, in->arena);
    for (int i = 0; i < n; i++)
        strbuf_printf(&sb, "%s%s: %s, expected %s", i ? "; " : "", d[i].who, d[i].now, d[i].was);
    return strbuf_cstr(&sb);
}
