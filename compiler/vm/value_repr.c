/* value_repr.c — repr() and str() of build-time values, byte-identical to CPython's. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtins.h"
#include "objects.h"
#include "vm.h"

/* CPython's repr of f, or NumPy's of a float32 (f32): the shortest digits that read
   back as the same double (float32). */
static const char *shortest_float_repr(Arena *a, double f, bool f32) {
    if (isnan(f)) return "nan";
    if (isinf(f)) return f > 0 ? "inf" : "-inf";
    if (f == 0) return signbit(f) ? "-0.0" : "0.0";
    /* Shortest number of significant digits that reads back to the same double,
       which is what CPython's repr (dtoa mode 0) produces. */
    char buf[40];
    for (int prec = 1; prec <= 17; prec++) {
        snprintf(buf, sizeof buf, "%.*e", prec - 1, f);
        double back = strtod(buf, NULL);
        if (f32 ? (float)back == (float)f : back == f) break;
    }
    /* buf: [-]d[.ddd]e[+-]xx */
    const char *p = buf;
    bool negative = *p == '-';
    if (negative) p++;
    char digits[24];
    int nd = 0;
    for (; *p && *p != 'e'; p++)
        if (*p != '.') digits[nd++] = *p;
    while (nd > 1 && digits[nd - 1] == '0') nd--;
    digits[nd] = '\0';
    int exp10 = atoi(p + 1);
    int decpt = exp10 + 1; /* digits are d.ddd * 10^exp10 */

    StrBuf sb;
    strbuf_init(&sb, a);
    if (negative) strbuf_putc(&sb, '-');
    if (decpt > -4 && decpt <= 16) {
        if (decpt <= 0) {
            strbuf_puts(&sb, "0.");
            for (int i = 0; i < -decpt; i++) strbuf_putc(&sb, '0');
            strbuf_puts(&sb, digits);
        } else if (decpt >= nd) {
            strbuf_puts(&sb, digits);
            for (int i = nd; i < decpt; i++) strbuf_putc(&sb, '0');
            strbuf_puts(&sb, ".0");
        } else {
            strbuf_putn(&sb, digits, (size_t)decpt);
            strbuf_putc(&sb, '.');
            strbuf_puts(&sb, digits + decpt);
        }
    } else {
        strbuf_putc(&sb, digits[0]);
        if (nd > 1) {
            strbuf_putc(&sb, '.');
            strbuf_puts(&sb, digits + 1);
        }
        strbuf_printf(&sb, "e%c%02d", exp10 < 0 ? '-' : '+', abs(exp10));
    }
    return strbuf_cstr(&sb);
}

const char *float_repr(Arena *a, double f) { return shortest_float_repr(a, f, false); }
const char *float32_repr(Arena *a, double f) { return shortest_float_repr(a, f, true); }

/* CPython's unicode_repr: the quote that needs no escaping (single unless only single
   quotes occur), backslash escapes for \\ \t \n \r and the quote, \xNN for the other
   ASCII controls, and for non-ASCII code points that are not printable (str.isprintable:
   categories Cc Cf Cs Co Cn Zl Zp Zs but the space) \xNN, \uNNNN or \UNNNNNNNN. */
const char *str_repr(Arena *a, const char *s, size_t len) {
    bool has_single = memchr(s, '\'', len) != NULL;
    bool has_double = memchr(s, '"', len) != NULL;
    char quote = has_single && !has_double ? '"' : '\'';
    StrBuf sb;
    strbuf_init(&sb, a);
    strbuf_putc(&sb, quote);
    for (size_t i = 0; i < len;) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x80) {
            size_t at = i;
            uint32_t cp = utf8_decode_next(s, len, &i);
            if (unicode_is_printable(cp)) strbuf_putn(&sb, s + at, i - at);
            else if (cp <= 0xff) strbuf_printf(&sb, "\\x%02x", (unsigned)cp);
            else if (cp <= 0xffff) strbuf_printf(&sb, "\\u%04x", (unsigned)cp);
            else strbuf_printf(&sb, "\\U%08x", (unsigned)cp);
            continue;
        }
        i++;
        if (c == (unsigned char)quote || c == '\\') {
            strbuf_putc(&sb, '\\');
            strbuf_putc(&sb, (char)c);
        } else if (c == '\n') strbuf_puts(&sb, "\\n");
        else if (c == '\r') strbuf_puts(&sb, "\\r");
        else if (c == '\t') strbuf_puts(&sb, "\\t");
        else if (c < 0x20 || c == 0x7f) strbuf_printf(&sb, "\\x%02x", c);
        else strbuf_putc(&sb, (char)c);
    }
    strbuf_putc(&sb, quote);
    return strbuf_cstr(&sb);
}

/* ascii(): the repr with every non-ASCII code point escaped as \xNN, \uNNNN or
   \UNNNNNNNN (CPython encodes the repr to ASCII with "backslashreplace"). */
const char *py_ascii(Interp *in, Value *v, SrcLoc loc) {
    const char *r = py_repr(in, v, loc);
    if (!r) return NULL;
    size_t len = strlen(r);
    StrBuf sb;
    strbuf_init(&sb, in->arena);
    for (size_t i = 0; i < len;) {
        if ((unsigned char)r[i] < 0x80) {
            strbuf_putc(&sb, r[i++]);
            continue;
        }
        uint32_t cp = utf8_decode_next(r, len, &i);
        if (cp <= 0xff) strbuf_printf(&sb, "\\x%02x", (unsigned)cp);
        else if (cp <= 0xffff) strbuf_printf(&sb, "\\u%04x", (unsigned)cp);
        else strbuf_printf(&sb, "\\U%08x", (unsigned)cp);
    }
    return strbuf_cstr(&sb);
}

/* The containers being printed, innermost first: one met again prints as [...] or {...},
   as CPython's reprs do, instead of recursing forever. */
typedef struct ReprFrame {
    const void *container;
    const struct ReprFrame *up;
    ReprHook *hook;               /* the same in every frame: instances' reprs */
    int depth;                    /* the containers open around this one, it included */
} ReprFrame;

/* Without a hook (messages), containers nested deeper than this print as "...". */
#define REPR_UNHOOKED_MAX_DEPTH 200

/* Whether the walk stopped: a __repr__ failed or the nesting was too deep. */
static bool repr_failed(const ReprFrame *f) { return f->hook && f->hook->failed; }

static bool repr_active(const ReprFrame *f, const void *container) {
    for (; f; f = f->up)
        if (f->container == container) return true;
    return false;
}

static void repr_into(StrBuf *sb, const Value *v, const ReprFrame *up);

static void repr_seq(StrBuf *sb, const List *l, const char *open, const char *close, bool tuple,
                     const ReprFrame *up) {
    if (repr_active(up, l)) {
        strbuf_printf(sb, "%s...%s", open, close);
        return;
    }
    ReprFrame here = {l, up, up->hook, up->depth + 1};
    strbuf_puts(sb, open);
    for (int i = 0; i < l->len && !repr_failed(up); i++) {
        if (i) strbuf_puts(sb, ", ");
        repr_into(sb, l->items[i], &here);
    }
    if (tuple && l->len == 1) strbuf_putc(sb, ',');
    strbuf_puts(sb, close);
}

static void repr_value(StrBuf *sb, const Value *v, const ReprFrame *up) {
    Arena *a = sb->arena;
    switch (v->kind) {
    case VAL_NONE: strbuf_puts(sb, "None"); return;
    case VAL_BOOL: strbuf_puts(sb, v->b ? "True" : "False"); return;
    case VAL_INT: strbuf_printf(sb, "%lld", (long long)v->i); return;
    case VAL_FLOAT:
        strbuf_puts(sb, v->float32 ? float32_repr(a, v->f) : float_repr(a, v->f));
        return;
    case VAL_STR: strbuf_puts(sb, str_repr(a, v->str.s, v->str.len)); return;
    case VAL_LIST: repr_seq(sb, v->list, "[", "]", false, up); return;
    case VAL_TUPLE: repr_seq(sb, v->list, "(", ")", true, up); return;
    case VAL_DICT: {
        if (repr_active(up, v->dict)) {
            strbuf_puts(sb, "{...}");
            return;
        }
        ReprFrame here = {v->dict, up, up->hook, up->depth + 1};
        strbuf_putc(sb, '{');
        bool first = true;
        for (int i = 0; i < v->dict->nentries && !repr_failed(up); i++) {
            const DictEntry *e = &v->dict->entries[i];
            if (!e->key) continue;
            if (!first) strbuf_puts(sb, ", ");
            first = false;
            repr_into(sb, e->key, &here);
            strbuf_puts(sb, ": ");
            repr_into(sb, e->value, &here);
        }
        strbuf_putc(sb, '}');
        return;
    }
    case VAL_DICT_VIEW:
        strbuf_printf(sb, "%s(", value_type_name(v));
        repr_seq(sb, dict_view_items(a, v), "[", "]", false, up);
        strbuf_putc(sb, ')');
        return;
    case VAL_SET: {
        if (v->set->used == 0) {
            strbuf_puts(sb, "set()");
            return;
        }
        strbuf_putc(sb, '{');
        int64_t pos = 0;
        Value *key;
        for (bool first = true; !repr_failed(up) && set_next(v->set, &pos, &key); first = false) {
            if (!first) strbuf_puts(sb, ", ");
            repr_into(sb, key, up);
        }
        strbuf_putc(sb, '}');
        return;
    }
    case VAL_RANGE:
        if (v->range.step == 1)
            strbuf_printf(sb, "range(%lld, %lld)", (long long)v->range.start,
                          (long long)v->range.stop);
        else
            strbuf_printf(sb, "range(%lld, %lld, %lld)", (long long)v->range.start,
                          (long long)v->range.stop, (long long)v->range.step);
        return;
    case VAL_SLICE:
        strbuf_puts(sb, "slice(");
        repr_into(sb, v->slice.start, up);
        strbuf_puts(sb, ", ");
        repr_into(sb, v->slice.stop, up);
        strbuf_puts(sb, ", ");
        repr_into(sb, v->slice.step, up);
        strbuf_putc(sb, ')');
        return;
    case VAL_ELLIPSIS: strbuf_puts(sb, "Ellipsis"); return;
    /* Objects below have no stable address at build time; CPython would print one. */
    case VAL_FUNCTION: strbuf_printf(sb, "<function %s>", v->fn->qualname); return;
    case VAL_BUILTIN:
        if (v->builtin->is_class) strbuf_printf(sb, "<class '%s'>", v->builtin->name);
        else
            strbuf_printf(sb, v->builtin->self ? "<built-in method %s>" : "<built-in function %s>",
                          v->builtin->name);
        return;
    case VAL_MODULE: strbuf_printf(sb, "<module '%s'>", v->module->name); return;
    case VAL_ITERATOR:
        strbuf_puts(sb,
                    v->iter->is_genexp ? "<generator object <genexpr>>" : "<list_iterator object>");
        return;
    case VAL_UNDEFINED: strbuf_printf(sb, "Undefined('%s')", v->str.s); return;
    case VAL_UNDEFINED_RETURN: strbuf_puts(sb, "UndefinedReturnValue()"); return;
    case VAL_CLASS:
        if (strcmp(v->cls->module, "builtins") == 0)
            strbuf_printf(sb, "<class '%s'>", v->cls->qualname);
        else strbuf_printf(sb, "<class '%s.%s'>", v->cls->module, v->cls->qualname);
        return;
    case VAL_INSTANCE: {
        const char *text = up->hook ? up->hook->fn(up->hook, v) : NULL;
        if (text) strbuf_puts(sb, text);
        else if (!up->hook)
            strbuf_printf(sb, "<%s.%s object>", v->inst->cls->module, v->inst->cls->qualname);
        return;
    }
    case VAL_METHOD:
        strbuf_printf(sb, "<bound method %s of ",
                      v->method.fn->kind == VAL_FUNCTION  ? v->method.fn->fn->qualname
                      : v->method.fn->kind == VAL_BUILTIN ? v->method.fn->builtin->name
                                                          : "?");
        repr_into(sb, v->method.self, up);
        strbuf_putc(sb, '>');
        return;
    case VAL_PROPERTY: strbuf_puts(sb, "<property object>"); return;
    case VAL_STATICMETHOD:
    case VAL_CLASSMETHOD:
        strbuf_printf(sb, "<%s(", value_type_name(v));
        repr_into(sb, v->wrapped, up);
        strbuf_puts(sb, ")>");
        return;
    case VAL_SUPER: strbuf_printf(sb, "<super: <class '%s'>, <%s object>>", v->super_.after->name,
                                  value_type_name(v->super_.obj));
        return;
    case VAL_NOTIMPLEMENTED: strbuf_puts(sb, "NotImplemented"); return;
    default: {
        const ForeignType *type = value_foreign(v);
        if (type && type->repr) strbuf_puts(sb, type->repr(a, v));
        else strbuf_printf(sb, "<%s object>", value_type_name(v));
        return;
    }
    }
    UNREACHABLE();
}

/* Every value printed is one level of the depth guard, as every PyObject_Repr call is
   in CPython; without a hook only the nesting is bounded. */
static void repr_into(StrBuf *sb, const Value *v, const ReprFrame *up) {
    if (!up->hook) {
        if (up->depth >= REPR_UNHOOKED_MAX_DEPTH) strbuf_puts(sb, "...");
        else repr_value(sb, v, up);
        return;
    }
    if (!value_depth_enter(" while getting the repr of an object")) {
        up->hook->failed = true;
        return;
    }
    repr_value(sb, v, up);
    value_depth_leave();
}

const char *value_repr_hooked(Arena *a, const Value *v, ReprHook *hook) {
    StrBuf sb;
    strbuf_init(&sb, a);
    ReprFrame root = {NULL, NULL, hook, 0};
    repr_into(&sb, v, &root);
    return hook && hook->failed ? NULL : strbuf_cstr(&sb);
}

const char *value_repr(Arena *a, const Value *v) { return value_repr_hooked(a, v, NULL); }

const char *value_to_str(Arena *a, const Value *v) {
    if (v->kind == VAL_STR) return v->str.s;
    const ForeignType *type = value_foreign(v);
    if (type && type->str) return type->str(a, v);
    return value_repr(a, v);
}
