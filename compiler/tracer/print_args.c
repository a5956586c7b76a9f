/* print_args.c — the inputs of tf.print's print op. TensorFlow formats each argument
 * into a template: a str is its own text, a tensor its placeholder, and any other value
 * pprint.pformat of it with every tensor inside replaced by a placeholder (so
 * tf.print((a, b)) prints "([1 2], [3 4])", dict keys sorted). The templates are joined
 * with sep, and the tensors' values fill the placeholders when the op runs. Here the
 * template's text between tensors becomes string inputs of the op, which then joins
 * its inputs with nothing; a call without such structures keeps sep on the op, as the
 * graph has always shown it. */
#include <stdlib.h>
#include <string.h>

#include "tracer_internal.h"

/* pprint starts breaking a structure over lines past this width; so does not Ingot. */
#define PPRINT_WIDTH 80

typedef struct Pieces {
    Interp *in;
    SrcLoc loc;
    IrValue **inputs;
    int n, cap;
    StrBuf text;        /* text since the last tensor */
    bool text_pending;
    int template_width; /* of the argument being formatted, placeholders counting 4 */
} Pieces;

static bool pieces_push(Pieces *p, IrValue *v) {
    if (p->n == p->cap) {
        int cap = p->cap ? 2 * p->cap : 8;
        p->inputs = arena_grow(p->in->arena, p->inputs, sizeof(IrValue *), (size_t)p->cap,
                               (size_t)cap);
        p->cap = cap;
    }
    p->inputs[p->n++] = v;
    return true;
}

/* The text gathered so far as a string input. */
static bool flush_text(Pieces *p) {
    if (!p->text_pending) return true;
    Value *t = to_tensor(p->in, value_cstr(p->in->arena, strbuf_cstr(&p->text)), -1, p->loc);
    if (!t) return false;
    strbuf_init(&p->text, p->in->arena);
    p->text_pending = false;
    return pieces_push(p, t->tensor.ir);
}

static void put_text(Pieces *p, const char *s) {
    strbuf_puts(&p->text, s);
    p->text_pending = true;
    p->template_width += (int)strlen(s);
}

static bool put_tensor(Pieces *p, Value *v) {
    Value *t = to_tensor(p->in, v, -1, p->loc);
    if (!t || !flush_text(p)) return false;
    p->template_width += 4; /* TensorFlow's placeholder as pformat writes it: '{}' */
    return pieces_push(p, t->tensor.ir);
}

static bool is_tensor_leaf(const Value *v) { return value_is_tensor(v) || v->kind == VAL_VARIABLE; }

/* Whether v is a list, tuple or dict with a tensor somewhere inside. */
static bool holds_tensor(const Value *v) {
    if (value_is_sequence(v)) {
        for (int i = 0; i < v->list->len; i++)
            if (is_tensor_leaf(v->list->items[i]) || holds_tensor(v->list->items[i])) return true;
        return false;
    }
    if (v->kind != VAL_DICT) return false;
    for (int i = 0; i < v->dict->nentries; i++) {
        const Value *item = v->dict->entries[i].value;
        if (v->dict->entries[i].key && (is_tensor_leaf(item) || holds_tensor(item))) return true;
    }
    return false;
}

/* pprint's order of a dict's keys: sorted, here for keys all str or all int. */
static int key_order(const void *pa, const void *pb) {
    const Value *a = (*(const DictEntry *const *)pa)->key;
    const Value *b = (*(const DictEntry *const *)pb)->key;
    if (a->kind == VAL_STR) return strcmp(a->str.s, b->str.s);
    return (a->i > b->i) - (a->i < b->i);
}

static bool format_arg(Pieces *p, Value *v);

static bool format_arg_dict(Pieces *p, Value *v) {
    Dict *d = v->dict;
    if (!holds_tensor(v)) { /* pprint sorts any keys; Ingot str or int ones (below) */
        bool plain = true;
        for (int i = 0; i < d->nentries; i++)
            if (d->entries[i].key && d->entries[i].key->kind != VAL_STR &&
                d->entries[i].key->kind != VAL_INT)
                plain = false;
        if (!plain) {
            put_text(p, value_repr(p->in->arena, v));
            return true;
        }
    }
    const DictEntry **sorted = ARENA_ARRAY(p->in->arena, const DictEntry *, d->count + 1);
    int n = 0;
    ValueKind kind = VAL__KINDS;
    for (int i = 0; i < d->nentries; i++) {
        const DictEntry *e = &d->entries[i];
        if (!e->key) continue;
        if ((e->key->kind != VAL_STR && e->key->kind != VAL_INT) ||
            (kind != VAL__KINDS && e->key->kind != kind))
            return vm_not_supported(p->in, p->loc,
                                    "tf.print of a dict of tensors whose keys are not all "
                                    "str or all int") != NULL;
        kind = e->key->kind;
        sorted[n++] = e;
    }
    qsort(sorted, (size_t)n, sizeof *sorted, key_order);
    put_text(p, "{");
    for (int i = 0; i < n; i++) {
        if (i) put_text(p, ", ");
        put_text(p, value_repr(p->in->arena, sorted[i]->key));
        put_text(p, ": ");
        if (!format_arg(p, sorted[i]->value)) return false;
    }
    put_text(p, "}");
    return true;
}

/* v as pprint shows it (dicts sorted), its tensors as inputs. */
static bool format_arg(Pieces *p, Value *v) {
    if (is_tensor_leaf(v)) return put_tensor(p, v);
    if (v->kind == VAL_DICT) return format_arg_dict(p, v);
    if (!value_is_sequence(v)) {
        put_text(p, value_repr(p->in->arena, v));
        return true;
    }
    bool tuple = v->kind == VAL_TUPLE;
    put_text(p, tuple ? "(" : "[");
    for (int i = 0; i < v->list->len; i++) {
        if (i) put_text(p, ", ");
        if (!format_arg(p, v->list->items[i])) return false;
    }
    put_text(p, tuple && v->list->len == 1 ? ",)" : tuple ? ")" : "]");
    return true;
}

bool print_args_inputs(Interp *in, CallArgs *args, const char *sep, SrcLoc loc,
                       IrValue ***inputs, int *ninputs, bool *joined) {
    bool structured = false;
    for (int i = 0; i < args->npos; i++) structured |= holds_tensor(args->pos[i]);
    Pieces p = {.in = in, .loc = loc};
    strbuf_init(&p.text, in->arena);
    for (int i = 0; i < args->npos; i++) {
        Value *v = args->pos[i];
        if (structured && i) put_text(&p, sep);
        if (v->kind == VAL_STR) {
            put_text(&p, v->str.s);
        } else if (is_tensor_leaf(v)) {
            if (!put_tensor(&p, v)) return false;
        } else {
            p.template_width = 0;
            if (!format_arg(&p, v)) return false;
            if ((value_is_sequence(v) || v->kind == VAL_DICT) && p.template_width > PPRINT_WIDTH)
                return vm_not_supported(in, loc,
                                        "tf.print of a list, tuple or dict wider than 80 "
                                        "columns (pprint breaks it over lines)") != NULL;
        }
        /* Without structures of tensors: one input per argument, as the graph has
           always shown it, the op joining them with sep. */
        if (!structured && !flush_text(&p)) return false;
    }
    if (!flush_text(&p)) return false;
    *inputs = p.inputs;
    *ninputs = p.n;
    *joined = structured;
    return true;
}
