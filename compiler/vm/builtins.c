/* builtins.c — Python's builtin functions and the methods of builtin types, with
 * CPython's results and error messages. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtins.h"
#include "exceptions.h"
#include "objects.h"
#include "vm.h"

#define BUILTIN(name)                                                                              \
    static Value *builtin_##name(Interp *in, Value *self, CallArgs *args, SrcLoc loc)
#define UNUSED_SELF (void)self

static bool is_intlike(const Value *v) { return v->kind == VAL_INT || v->kind == VAL_BOOL; }
static int64_t as_int(const Value *v) { return v->kind == VAL_INT ? v->i : (int64_t)v->b; }

/* ---- print -------------------------------------------------------------------------- */

BUILTIN(print) {
    UNUSED_SELF;
    const char *sep = " ", *end = "\n";
    for (int k = 0; k < args->nkw; k++) {
        Value *v = args->kw_values[k];
        const char *name = args->kw_names[k];
        if ((strcmp(name, "sep") == 0 || strcmp(name, "end") == 0)) {
            if (v->kind != VAL_STR && v->kind != VAL_NONE)
                return vm_type_error(in, loc, "%s must be None or a string, not %s", name,
                                     value_type_name(v));
            if (v->kind == VAL_STR) *(strcmp(name, "sep") == 0 ? &sep : &end) = v->str.s;
        } else if (strcmp(name, "flush") == 0) {
            continue;
        } else if (strcmp(name, "file") == 0) {
            return vm_not_supported(in, loc, "the 'file' argument of print");
        } else {
            return vm_type_error(in, loc, "'%s' is an invalid keyword argument for print()", name);
        }
    }
    if (in->hooks.print) in->hooks.print(in, args, loc);
    FILE *out = in->opt->out;
    for (int i = 0; i < args->npos; i++) {
        if (i) fputs(sep, out);
        Value *v = args->pos[i];
        if (v->kind == VAL_STR) {
            fwrite(v->str.s, 1, v->str.len, out);
            continue;
        }
        const char *text = py_str(in, v, loc);
        if (!text) return NULL;
        fputs(text, out);
    }
    fputs(end, out);
    return value_none();
}

/* ---- conversions ------------------------------------------------------------------------ */

/* The text int() and float() parse, as CPython's _PyUnicode_TransformDecimalAndSpaceToASCII
   makes it: non-ASCII whitespace reads as ' ' and a decimal digit ('٣') as its ASCII
   digit; any other non-ASCII code point ends the text with '?', which cannot parse. */
static const char *number_text(Interp *in, const Value *v, size_t *len) {
    const char *s = v->str.s;
    size_t n = v->str.len, i = 0;
    StrBuf sb;
    strbuf_init(&sb, in->arena);
    while (i < n) {
        if ((unsigned char)s[i] < 0x80) {
            strbuf_putc(&sb, s[i++]);
            continue;
        }
        uint32_t c = utf8_decode_next(s, n, &i);
        int d = unicode_decimal(c);
        if (unicode_is_space(c)) strbuf_putc(&sb, ' ');
        else if (d >= 0) strbuf_putc(&sb, (char)('0' + d));
        else {
            strbuf_putc(&sb, '?');
            break;
        }
    }
    *len = sb.len;
    return strbuf_cstr(&sb);
}

/* CPython's %.200R: the repr cut to its first 200 code points. */
static const char *repr_cut_200(Arena *a, const Value *v) {
    const char *r = value_repr(a, v);
    size_t i = 0;
    for (int k = 0; k < 200 && r[i]; k++)
        do i++;
        while (((unsigned char)r[i] & 0xc0) == 0x80);
    return arena_strndup(a, r, i);
}

/* int(text, base) by Python's rules: surrounding whitespace, a sign, a 0x/0o/0b prefix
   matching the base (any of them with base 0, where other leading zeros are
   refused), underscores only between digits. */
static Value *parse_int_text(Interp *in, const Value *text, int base, SrcLoc loc) {
    size_t len;
    const char *s = number_text(in, text, &len);
    int given_base = base;
    if (base != 0 && (base < 2 || base > 36))
        return vm_raise(in, EXC_VALUE_ERROR, loc, "int() base must be >= 2 and <= 36, or 0");
    while (len && strchr(" \t\n\r\f\v", *s)) s++, len--;
    while (len && strchr(" \t\n\r\f\v", s[len - 1])) len--;
    bool negative = false;
    if (len && (*s == '+' || *s == '-')) negative = *s == '-', s++, len--;
    bool prefixed = false;
    if (len >= 2 && s[0] == '0') {
        char p = (char)(s[1] | 0x20);
        int pb = p == 'x' ? 16 : p == 'o' ? 8 : p == 'b' ? 2 : 0;
        if (pb && (base == 0 || base == pb)) base = pb, s += 2, len -= 2, prefixed = true;
    }
    bool decimal_zero_start = base == 0 && len > 0 && s[0] == '0';
    if (base == 0) base = 10;
    uint64_t mag = 0, limit = negative ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX;
    bool ok = len > 0, overflow = false, nonzero = false;
    for (size_t i = 0; ok && i < len; i++) {
        char c = s[i];
        if (c == '_') {
            /* Between digits, or right after a base prefix. */
            ok = i + 1 < len && s[i + 1] != '_' && (i > 0 || prefixed);
            continue;
        }
        int d = c >= '0' && c <= '9'                     ? c - '0'
                : (c | 0x20) >= 'a' && (c | 0x20) <= 'z' ? (c | 0x20) - 'a' + 10
                                                         : 99;
        if (d >= base) {
            ok = false;
            break;
        }
        nonzero |= d != 0;
        if (mag > (limit - (uint64_t)d) / (uint64_t)base) overflow = true;
        else mag = mag * (uint64_t)base + (uint64_t)d;
    }
    if (ok && decimal_zero_start && nonzero) ok = false; /* int('017', 0) */
    if (!ok)
        return vm_raise(in, EXC_VALUE_ERROR, loc, "invalid literal for int() with base %d: %s",
                        given_base, repr_cut_200(in->arena, text));
    if (overflow)
        return vm_raise(in, EXC_OVERFLOW_ERROR, loc, "int too large for ingot's 64-bit int");
    return value_int(in->arena, negative ? (int64_t)(0 - mag) : (int64_t)mag);
}

static bool is_ascii_space(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }
static bool is_ascii_digit(char c) { return c >= '0' && c <= '9'; }

/* s is word, ignoring the case of ASCII letters (word: lower case). */
static bool same_letters(const char *s, const char *word) {
    while (*word && (*s | 0x20) == *word) s++, word++;
    return !*s && !*word;
}

/* float(text) by CPython's grammar: surrounding whitespace; a sign; then "inf",
   "infinity" or "nan" in any case, or digits with at most one '.' and an optional
   exponent; underscores only between two digits. No hex, no "nan(...)" (strtod's). */
static bool parse_float_text(Interp *in, const Value *text, double *out) {
    size_t n;
    const char *s = number_text(in, text, &n);
    while (n && is_ascii_space(*s)) s++, n--;
    while (n && is_ascii_space(s[n - 1])) n--;
    if (memchr(s, '\0', n)) return false; /* the checks below read a C string */
    char *clean = ARENA_ARRAY(in->arena, char, n + 1), *p = clean;
    for (size_t i = 0; i < n; i++) {
        if (s[i] != '_') *p++ = s[i];
        else if (!(i > 0 && is_ascii_digit(s[i - 1]) && i + 1 < n && is_ascii_digit(s[i + 1])))
            return false;
    }
    *p = '\0';
    const char *q = clean;
    bool negative = *q == '-';
    if (*q == '+' || *q == '-') q++;
    if (same_letters(q, "inf") || same_letters(q, "infinity") || same_letters(q, "nan")) {
        double x = (q[0] | 0x20) == 'n' ? NAN : INFINITY;
        *out = negative ? -x : x;
        return true;
    }
    size_t mantissa = strspn(q, "0123456789");
    const char *r = q + mantissa;
    if (*r == '.') {
        size_t fraction = strspn(r + 1, "0123456789");
        mantissa += fraction;
        r += 1 + fraction;
    }
    if (!mantissa) return false;
    if (*r == 'e' || *r == 'E') {
        r++;
        if (*r == '+' || *r == '-') r++;
        size_t exponent = strspn(r, "0123456789");
        if (!exponent) return false;
        r += exponent;
    }
    if (*r) return false;
    *out = strtod(clean, NULL); /* overflow gives +-inf and underflow 0, as CPython's */
    return true;
}

BUILTIN(int) {
    UNUSED_SELF;
    if (!args_count(in, args, "int", 0, 2, loc)) return NULL;
    if (args->npos == 0) return value_int(in->arena, 0);
    Value *v = args->pos[0];
    if (args->npos == 2) {
        if (v->kind != VAL_STR || !is_intlike(args->pos[1]))
            return vm_type_error(in, loc, "int() can't convert non-string with explicit base");
        return parse_int_text(in, v, (int)as_int(args->pos[1]), loc);
    }
    const ForeignType *type = value_foreign(v);
    if (type && type->number && !(v = type->number(in, v, false, loc))) return NULL;
    if (v->kind == VAL_INSTANCE) return instance_number(in, v, in->dunder.int_, "int", loc);
    switch (v->kind) {
    case VAL_INT: return v;
    case VAL_BOOL: return value_int(in->arena, v->b);
    case VAL_FLOAT:
        if (isnan(v->f))
            return vm_raise(in, EXC_VALUE_ERROR, loc, "cannot convert float NaN to integer");
        if (isinf(v->f))
            return vm_raise(in, EXC_OVERFLOW_ERROR, loc,
                            "cannot convert float infinity to integer");
        if (v->f >= 9223372036854775808.0 || v->f < -9223372036854775808.0)
            return vm_raise(in, EXC_OVERFLOW_ERROR, loc, "int too large for ingot's 64-bit int");
        return value_int(in->arena, (int64_t)v->f);
    case VAL_STR: return parse_int_text(in, v, 10, loc);
    default:
        return vm_type_error(
            in, loc,
            "int() argument must be a string, a bytes-like object or a real number, not '%s'",
            value_type_name(v));
    }
}

BUILTIN(float) {
    UNUSED_SELF;
    if (!args_count(in, args, "float", 0, 1, loc)) return NULL;
    if (args->npos == 0) return value_float(in->arena, 0.0);
    Value *v = args->pos[0];
    const ForeignType *type = value_foreign(v);
    if (type && type->number && !(v = type->number(in, v, true, loc))) return NULL;
    if (v->kind == VAL_INSTANCE) return instance_number(in, v, in->dunder.float_, "float", loc);
    switch (v->kind) {
    case VAL_FLOAT: return v;
    case VAL_INT: return value_float(in->arena, (double)v->i);
    case VAL_BOOL: return value_float(in->arena, v->b);
    case VAL_STR: {
        double d;
        if (!parse_float_text(in, v, &d))
            return vm_raise(in, EXC_VALUE_ERROR, loc, "could not convert string to float: %s",
                            value_repr(in->arena, v));
        return value_float(in->arena, d);
    }
    default:
        return vm_type_error(in, loc,
                             "float() argument must be a string or a real number, not '%s'",
                             value_type_name(v));
    }
}

BUILTIN(str) {
    UNUSED_SELF;
    if (!args_count(in, args, "str", 0, 1, loc)) return NULL;
    if (args->npos == 0) return value_cstr(in->arena, "");
    if (args->pos[0]->kind == VAL_STR) return args->pos[0];
    const char *text = py_str(in, args->pos[0], loc);
    return text ? value_cstr(in->arena, text) : NULL;
}

BUILTIN(repr) {
    UNUSED_SELF;
    if (!args_count(in, args, "repr", 1, 1, loc)) return NULL;
    const char *text = py_repr(in, args->pos[0], loc);
    return text ? value_cstr(in->arena, text) : NULL;
}

BUILTIN(ascii) {
    UNUSED_SELF;
    if (!args_count(in, args, "ascii", 1, 1, loc)) return NULL;
    const char *text = py_ascii(in, args->pos[0], loc);
    return text ? value_cstr(in->arena, text) : NULL;
}

BUILTIN(bool) {
    UNUSED_SELF;
    if (!args_count(in, args, "bool", 0, 1, loc)) return NULL;
    if (args->npos == 0) return value_bool(false);
    bool ok;
    bool t = value_truthy(in, args->pos[0], loc, &ok);
    return ok ? value_bool(t) : NULL;
}

BUILTIN(list) {
    UNUSED_SELF;
    if (!args_count(in, args, "list", 0, 1, loc)) return NULL;
    Value *r = value_list(in->arena, 0);
    if (args->npos == 0) return r;
    List *items = iterate_to_list(in, args->pos[0], loc);
    if (!items) return NULL;
    r->list = items;
    return r;
}

BUILTIN(tuple) {
    UNUSED_SELF;
    if (!args_count(in, args, "tuple", 0, 1, loc)) return NULL;
    Value *r = value_tuple(in->arena, 0);
    if (args->npos == 0) return r;
    if (args->pos[0]->kind == VAL_TUPLE) return args->pos[0];
    List *items = iterate_to_list(in, args->pos[0], loc);
    if (!items) return NULL;
    r->list = items;
    return r;
}

BUILTIN(dict) {
    UNUSED_SELF;
    if (args->npos > 1)
        return vm_type_error(in, loc, "dict expected at most 1 argument, got %d", args->npos);
    Value *d = value_dict(in->arena);
    if (args->npos == 1) {
        Value *src = args->pos[0];
        if (src->kind == VAL_DICT) {
            for (int i = 0; i < src->dict->nentries; i++)
                if (src->dict->entries[i].key)
                    dict_set(in->arena, d->dict, src->dict->entries[i].key,
                             src->dict->entries[i].value);
        } else {
            List *items = iterate_to_list(in, src, loc);
            if (!items) return NULL;
            for (int i = 0; i < items->len; i++) {
                Value *pair = items->items[i];
                if (!value_is_sequence(pair) || pair->list->len != 2)
                    return vm_raise(in, EXC_VALUE_ERROR, loc,
                                    "dictionary update sequence element #%d has the wrong length",
                                    i);
                if (!check_hashable(in, pair->list->items[0], loc)) return NULL;
                dict_set(in->arena, d->dict, pair->list->items[0], pair->list->items[1]);
            }
        }
    }
    for (int k = 0; k < args->nkw; k++)
        dict_set(in->arena, d->dict, value_cstr(in->arena, args->kw_names[k]), args->kw_values[k]);
    return d;
}

/* ---- sequences ------------------------------------------------------------------------------ */

static int64_t range_len(const Value *r) {
    int64_t s = r->range.start, e = r->range.stop, st = r->range.step;
    if (st > 0) return e > s ? (e - s + st - 1) / st : 0;
    return s > e ? (s - e - st - 1) / -st : 0;
}

BUILTIN(len) {
    UNUSED_SELF;
    if (!args_count(in, args, "len", 1, 1, loc)) return NULL;
    Value *v = args->pos[0];
    switch (v->kind) {
    case VAL_INSTANCE: {
        int64_t n;
        bool found;
        if (instance_length(in, v, loc, &n, &found)) return value_int(in->arena, n);
        if (found) return NULL;
        break;
    }
    case VAL_STR: {
        int64_t n = 0;
        for (size_t i = 0; i < v->str.len; i++) n += ((unsigned char)v->str.s[i] & 0xc0) != 0x80;
        return value_int(in->arena, n);
    }
    case VAL_LIST:
    case VAL_TUPLE: return value_int(in->arena, v->list->len);
    case VAL_DICT: return value_int(in->arena, v->dict->count);
    case VAL_SET: return value_int(in->arena, v->set->used);
    case VAL_DICT_VIEW: return value_int(in->arena, v->view.dict->count);
    case VAL_RANGE: return value_int(in->arena, range_len(v));
    default: {
        const ForeignType *type = value_foreign(v);
        if (type && type->len) return type->len(in, v, loc);
        break;
    }
    }
    return vm_type_error(in, loc, "object of type '%s' has no len()", value_type_name(v));
}

BUILTIN(range) {
    UNUSED_SELF;
    if (!args_count(in, args, "range", 1, 3, loc)) return NULL;
    int64_t p[3] = {0, 0, 1};
    /* A foreign bound that is an int now is one (an eager integer scalar: __index__);
       the tracer's range (tensor_ops.c) has made tf.range of the symbolic ones. */
    for (int i = 0; i < args->npos; i++) {
        const ForeignType *type = value_foreign(args->pos[i]);
        if (type && type->index && !(args->pos[i] = type->index(in, args->pos[i], loc)))
            return NULL;
    }
    for (int i = 0; i < args->npos; i++) {
        if (!is_intlike(args->pos[i]))
            return vm_type_error(in, loc, "'%s' object cannot be interpreted as an integer",
                                 value_type_name(args->pos[i]));
    }
    if (args->npos == 1) p[1] = as_int(args->pos[0]);
    else
        for (int i = 0; i < args->npos; i++) p[i] = as_int(args->pos[i]);
    if (p[2] == 0) return vm_raise(in, EXC_VALUE_ERROR, loc, "range() arg 3 must not be zero");
    Value *r = ARENA_NEW(in->arena, Value);
    r->kind = VAL_RANGE;
    r->range.start = p[0];
    r->range.stop = p[1];
    r->range.step = p[2];
    return r;
}

BUILTIN(enumerate) {
    UNUSED_SELF;
    static const char *const names[] = {"iterable", "start"};
    Value *a[2];
    if (!args_bind(in, args, "enumerate", names, 2, 1, a, loc)) return NULL;
    List *items = iterate_to_list(in, a[0], loc);
    if (!items) return NULL;
    int64_t start = a[1] ? as_int(a[1]) : 0;
    Value *r = value_list(in->arena, items->len);
    for (int i = 0; i < items->len; i++) {
        Value *pair = value_tuple(in->arena, 2);
        pair->list->items[0] = value_int(in->arena, start + i);
        pair->list->items[1] = items->items[i];
        r->list->items[i] = pair;
    }
    return r;
}

BUILTIN(zip) {
    UNUSED_SELF;
    if (!args_no_keywords(in, args, "zip", loc)) return NULL;
    List **lists = ARENA_ARRAY(in->arena, List *, args->npos + 1);
    int n = args->npos ? INT32_MAX : 0;
    for (int i = 0; i < args->npos; i++) {
        if (!(lists[i] = iterate_to_list(in, args->pos[i], loc))) return NULL;
        if (lists[i]->len < n) n = lists[i]->len;
    }
    Value *r = value_list(in->arena, n);
    for (int k = 0; k < n; k++) {
        Value *t = value_tuple(in->arena, args->npos);
        for (int i = 0; i < args->npos; i++) t->list->items[i] = lists[i]->items[k];
        r->list->items[k] = t;
    }
    return r;
}

BUILTIN(reversed) {
    UNUSED_SELF;
    if (!args_count(in, args, "reversed", 1, 1, loc)) return NULL;
    List *items = iterate_to_list(in, args->pos[0], loc);
    if (!items) return NULL;
    Value *r = value_list(in->arena, items->len);
    for (int i = 0; i < items->len; i++) r->list->items[i] = items->items[items->len - 1 - i];
    return r;
}

bool sort_values(Interp *in, Value **items, int n, Value *key, bool reverse, SrcLoc loc) {
    if (n < 2) return true;
    Value **keys = ARENA_ARRAY(in->arena, Value *, n);
    for (int i = 0; i < n; i++) {
        if (key && key->kind != VAL_NONE) {
            CallArgs a = call_args_positional(&items[i], 1);
            if (!(keys[i] = call_value(in, key, &a, loc))) return false;
        } else {
            keys[i] = items[i];
        }
    }
    Value **tmp_items = ARENA_ARRAY(in->arena, Value *, n),
          **tmp_keys = ARENA_ARRAY(in->arena, Value *, n);
    for (int width = 1; width < n; width *= 2) {
        for (int lo = 0; lo < n; lo += 2 * width) {
            int mid = lo + width < n ? lo + width : n, hi = lo + 2 * width < n ? lo + 2 * width : n;
            int i = lo, j = mid, k = lo;
            while (i < mid && j < hi) {
                /* take from the right only when strictly before (stability) */
                Value *lt = reverse ? eval_compare(in, CMP_LT, keys[i], keys[j], loc)
                                    : eval_compare(in, CMP_LT, keys[j], keys[i], loc);
                if (!lt) return false;
                if (lt->b) tmp_items[k] = items[j], tmp_keys[k++] = keys[j++];
                else tmp_items[k] = items[i], tmp_keys[k++] = keys[i++];
            }
            while (i < mid) tmp_items[k] = items[i], tmp_keys[k++] = keys[i++];
            while (j < hi) tmp_items[k] = items[j], tmp_keys[k++] = keys[j++];
        }
        memcpy(items, tmp_items, sizeof(Value *) * (size_t)n);
        memcpy(keys, tmp_keys, sizeof(Value *) * (size_t)n);
    }
    return true;
}

BUILTIN(sorted) {
    UNUSED_SELF;
    static const char *const names[] = {"iterable", "key", "reverse"};
    Value *a[3];
    if (!args_bind(in, args, "sorted", names, 3, 1, a, loc)) return NULL;
    List *items = iterate_to_list(in, a[0], loc);
    if (!items) return NULL;
    bool ok = true, reverse = a[2] ? value_truthy(in, a[2], loc, &ok) : false;
    if (!ok || !sort_values(in, items->items, items->len, a[1], reverse, loc)) return NULL;
    Value *r = value_list(in->arena, 0);
    r->list = items;
    return r;
}

/* ---- numbers ------------------------------------------------------------------------------ */

BUILTIN(abs) {
    UNUSED_SELF;
    if (!args_count(in, args, "abs", 1, 1, loc)) return NULL;
    Value *v = args->pos[0];
    bool found;
    Value *r = call_special(in, v, in->dunder.abs, NULL, 0, loc, &found);
    if (found) return r;
    const ForeignType *type = value_foreign(v);
    if (type && type->abs) return type->abs(in, v, loc);
    if (is_intlike(v)) {
        int64_t x = as_int(v);
        if (x == INT64_MIN)
            return vm_raise(in, EXC_OVERFLOW_ERROR, loc, "integer result does not fit in 64 bits");
        return value_int(in->arena, x < 0 ? -x : x);
    }
    if (v->kind == VAL_FLOAT) return value_float(in->arena, fabs(v->f));
    return vm_type_error(in, loc, "bad operand type for abs(): '%s'", value_type_name(v));
}

static Value *min_max(Interp *in, CallArgs *args, SrcLoc loc, bool want_max) {
    const char *fname = want_max ? "max" : "min";
    static const char *const kwnames[] = {"key", "default"};
    Value *key = NULL, *deflt = NULL;
    for (int k = 0; k < args->nkw; k++) {
        if (strcmp(args->kw_names[k], kwnames[0]) == 0) key = args->kw_values[k];
        else if (strcmp(args->kw_names[k], kwnames[1]) == 0) deflt = args->kw_values[k];
        else
            return vm_type_error(in, loc, "'%s' is an invalid keyword argument for %s()",
                                 args->kw_names[k], fname);
    }
    if (args->npos == 0)
        return vm_type_error(in, loc, "%s expected at least 1 argument, got 0", fname);
    List *items;
    if (args->npos == 1) {
        if (!(items = iterate_to_list(in, args->pos[0], loc))) return NULL;
    } else {
        items = ARENA_NEW(in->arena, List);
        items->items = args->pos;
        items->len = args->npos;
    }
    if (items->len == 0) {
        if (deflt) return deflt;
        return vm_raise(in, EXC_VALUE_ERROR, loc, "%s() arg is an empty sequence", fname);
    }
    Value *best = items->items[0], *best_key = best;
    if (key && key->kind != VAL_NONE) {
        CallArgs a = call_args_positional(&best, 1);
        if (!(best_key = call_value(in, key, &a, loc))) return NULL;
    }
    for (int i = 1; i < items->len; i++) {
        Value *v = items->items[i], *k = v;
        if (key && key->kind != VAL_NONE) {
            CallArgs a = call_args_positional(&items->items[i], 1);
            if (!(k = call_value(in, key, &a, loc))) return NULL;
        }
        Value *better = eval_compare(in, want_max ? CMP_GT : CMP_LT, k, best_key, loc);
        if (!better) return NULL;
        if (value_foreign(better)) /* a tensor's comparison: no Python bool */
            return vm_not_supported(in, loc, "min()/max() of tensors (use tf.minimum/tf.maximum)");
        if (better->b) best = v, best_key = k;
    }
    return best;
}

BUILTIN(max) { UNUSED_SELF; return min_max(in, args, loc, true); }
BUILTIN(min) { UNUSED_SELF; return min_max(in, args, loc, false); }

BUILTIN(sum) {
    UNUSED_SELF;
    static const char *const names[] = {"iterable", "start"};
    Value *a[2];
    if (!args_bind(in, args, "sum", names, 2, 1, a, loc)) return NULL;
    List *items = iterate_to_list(in, a[0], loc);
    if (!items) return NULL;
    Value *acc = a[1] ? a[1] : value_int(in->arena, 0);
    if (acc->kind == VAL_STR)
        return vm_type_error(in, loc, "sum() can't sum strings [use ''.join(seq) instead]");
    for (int i = 0; i < items->len; i++)
        if (!(acc = eval_binop(in, BIN_ADD, acc, items->items[i], loc))) return NULL;
    return acc;
}

static Value *any_all(Interp *in, CallArgs *args, SrcLoc loc, bool want_all) {
    if (!args_count(in, args, want_all ? "all" : "any", 1, 1, loc)) return NULL;
    /* One item at a time: a generator stops being run at the first decisive item. */
    Cursor c;
    if (!cursor_open(in, args->pos[0], &c, loc)) return NULL;
    for (;;) {
        Value *item;
        if (!cursor_next(in, &c, &item, loc)) return NULL;
        if (!item) return value_bool(want_all);
        bool ok;
        bool t = value_truthy(in, item, loc, &ok);
        if (!ok) return NULL;
        if (t != want_all) return value_bool(!want_all);
    }
}

BUILTIN(any) { UNUSED_SELF; return any_all(in, args, loc, false); }
BUILTIN(all) { UNUSED_SELF; return any_all(in, args, loc, true); }

/* x rounded to nd decimal places (nd < 0: to a multiple of 10**-nd), halves to even, on
   its exact decimal expansion (a double has at most 1074 digits after the point): what
   CPython's dtoa mode 3 gives. */
static double round_decimal(Arena *a, double x, int nd) {
    const char *text = arena_printf(a, "%.1074f", fabs(x));
    const char *point = strchr(text, '.');
    size_t nint = (size_t)(point - text);
    StrBuf digits; /* the integer digits, then the fraction's */
    strbuf_init(&digits, a);
    strbuf_putn(&digits, text, nint);
    strbuf_puts(&digits, point + 1);
    char *d = digits.data;
    int64_t keep = (int64_t)nint + nd; /* how many leading digits stay */
    if (keep < 0) return 0.0 * x;
    bool up = false;
    if ((size_t)keep < digits.len) {
        char next = d[keep];
        bool rest = false;
        for (size_t i = (size_t)keep + 1; i < digits.len && !rest; i++) rest = d[i] != '0';
        bool odd = keep > 0 && ((d[keep - 1] - '0') & 1);
        up = next > '5' || (next == '5' && (rest || odd));
    }
    StrBuf out;
    strbuf_init(&out, a);
    strbuf_putc(&out, '0'); /* room for the carry */
    strbuf_putn(&out, d, (size_t)keep);
    for (size_t i = out.len; up && i-- > 0;) {
        if (out.data[i] == '9') out.data[i] = '0';
        else out.data[i]++, up = false;
    }
    for (int i = 0; i < -nd; i++) strbuf_putc(&out, '0');
    /* out holds the value times 10**max(nd, 0) */
    const char *exp = arena_printf(a, "%se%d", strbuf_cstr(&out), nd > 0 ? -nd : 0);
    return copysign(strtod(exp, NULL), x);
}

/* Python's round(): half to even; with ndigits, correctly rounded via the decimal text. */
BUILTIN(round) {
    UNUSED_SELF;
    static const char *const names[] = {"number", "ndigits"};
    Value *a[2];
    if (!args_bind(in, args, "round", names, 2, 1, a, loc)) return NULL;
    Value *v = a[0];
    bool has_nd = a[1] && a[1]->kind != VAL_NONE;
    if (is_intlike(v)) {
        int64_t x = as_int(v), nd = has_nd ? as_int(a[1]) : 0;
        if (nd >= 0) return value_int(in->arena, x);
        if (nd < -18) return value_int(in->arena, 0);
        /* To a multiple of 10**-nd, halves to the even multiple, as CPython does. */
        int64_t p = 1;
        for (int64_t i = 0; i < -nd; i++) p *= 10;
        int64_t q = x / p, r = x % p;
        if (r < 0) q--, r += p;
        if (r > p - r || (r == p - r && (q & 1))) q++;
        int64_t out;
        if (__builtin_mul_overflow(q, p, &out))
            return vm_raise(in, EXC_OVERFLOW_ERROR, loc, "integer result does not fit in 64 bits");
        return value_int(in->arena, out);
    }
    if (v->kind != VAL_FLOAT)
        return vm_type_error(in, loc, "type %s doesn't define __round__ method",
                             value_type_name(v));
    if (!has_nd) {
        if (isnan(v->f))
            return vm_raise(in, EXC_VALUE_ERROR, loc, "cannot convert float NaN to integer");
        if (isinf(v->f))
            return vm_raise(in, EXC_OVERFLOW_ERROR, loc,
                            "cannot convert float infinity to integer");
        return value_int(in->arena,
                         (int64_t)nearbyint(v->f)); /* default rounding mode: half to even */
    }
    int64_t nd = as_int(a[1]);
    /* CPython's bounds: past 323 digits every double is kept, before -308 none is. */
    if (!isfinite(v->f) || nd > 323) return v;
    if (nd < -308) return value_float(in->arena, 0.0 * v->f);
    double r = round_decimal(in->arena, v->f, (int)nd);
    if (isinf(r))
        return vm_raise(in, EXC_OVERFLOW_ERROR, loc, "rounded value too large to represent");
    return value_float(in->arena, r);
}

BUILTIN(divmod) {
    UNUSED_SELF;
    if (!args_count(in, args, "divmod", 2, 2, loc)) return NULL;
    Value *q = eval_binop(in, BIN_FLOORDIV, args->pos[0], args->pos[1], loc);
    Value *r = q ? eval_binop(in, BIN_MOD, args->pos[0], args->pos[1], loc) : NULL;
    if (!r) return NULL;
    Value *t = value_tuple(in->arena, 2);
    t->list->items[0] = q;
    t->list->items[1] = r;
    return t;
}

/* a * b mod m for a, b < m < 2^63, by doubling, so nothing overflows. */
static uint64_t mul_mod(uint64_t a, uint64_t b, uint64_t m) {
    uint64_t r = 0;
    for (; b; b >>= 1) {
        if (b & 1) r = r >= m - a ? r - (m - a) : r + a;
        a = a >= m - a ? a - (m - a) : a + a;
    }
    return r;
}

/* pow(b, e) is b ** e; pow(b, e, m) is modular exponentiation on ints, the result
   taking m's sign as % does. */
BUILTIN(pow) {
    UNUSED_SELF;
    if (!args_count(in, args, "pow", 2, 3, loc)) return NULL;
    Value *b = args->pos[0], *e = args->pos[1];
    if (args->npos == 2) return eval_binop(in, BIN_POW, b, e, loc);
    Value *m = args->pos[2];
    if (!is_intlike(b) || !is_intlike(e) || !is_intlike(m))
        return vm_type_error(in, loc,
                             "pow() 3rd argument not allowed unless all arguments are integers");
    int64_t exp = as_int(e), mod = as_int(m);
    if (mod == 0) return vm_raise(in, EXC_VALUE_ERROR, loc, "pow() 3rd argument cannot be 0");
    if (exp < 0) return vm_not_supported(in, loc, "pow() with a negative exponent and a modulus");
    if (mod == INT64_MIN)
        return vm_raise(in, EXC_OVERFLOW_ERROR, loc, "integer result does not fit in 64 bits");
    uint64_t um = mod < 0 ? (uint64_t)0 - (uint64_t)mod : (uint64_t)mod;
    int64_t base = as_int(b) % (int64_t)um;
    uint64_t x = base < 0 ? (uint64_t)(base + (int64_t)um) : (uint64_t)base, r = 1 % um;
    for (; exp > 0; exp >>= 1) {
        if (exp & 1) r = mul_mod(r, x, um);
        x = mul_mod(x, x, um);
    }
    /* r is in [0, |m|); Python's result has the modulus's sign. */
    return value_int(in->arena, mod < 0 && r ? (int64_t)r + mod : (int64_t)r);
}

BUILTIN(format) {
    UNUSED_SELF;
    if (!args_count(in, args, "format", 1, 2, loc)) return NULL;
    Value *spec = args->npos == 2 ? args->pos[1] : NULL;
    if (spec && spec->kind != VAL_STR)
        return vm_type_error(in, loc, "format() argument 2 must be str, not %s",
                             value_type_name(spec));
    return format_value(in, args->pos[0], spec ? spec->str.s : "", loc);
}

BUILTIN(hash) {
    UNUSED_SELF;
    if (!args_count(in, args, "hash", 1, 1, loc)) return NULL;
    if (!check_hashable(in, args->pos[0], loc)) return NULL;
    /* CPython's values for numbers and tuples of them; its str hashes change per run. */
    Value *v = args->pos[0];
    int64_t h;
    if ((value_is_number(v) || v->kind == VAL_TUPLE) && py_hash(v, &h))
        return value_int(in->arena, h);
    if ((v->kind == VAL_INSTANCE || v->kind == VAL_CLASS) && py_hash(v, &h))
        return value_int(in->arena, h);
    return vm_not_supported(in, loc,
                            arena_printf(in->arena,
                                         "hash() of a '%s' (CPython's value changes per run)",
                                         value_type_name(v)));
}

/* ---- functions over functions ---------------------------------------------------------------- */

BUILTIN(map) {
    UNUSED_SELF;
    if (!args_no_keywords(in, args, "map", loc)) return NULL;
    if (args->npos < 2) return vm_type_error(in, loc, "map() must have at least two arguments.");
    CallArgs zip_args = {.pos = args->pos + 1, .npos = args->npos - 1};
    Value *zipped = builtin_zip(in, NULL, &zip_args, loc);
    if (!zipped) return NULL;
    Value *r = value_list(in->arena, zipped->list->len);
    for (int i = 0; i < zipped->list->len; i++) {
        Value *t = zipped->list->items[i];
        CallArgs a = call_args_positional(t->list->items, t->list->len);
        if (!(r->list->items[i] = call_value(in, args->pos[0], &a, loc))) return NULL;
    }
    return r;
}

BUILTIN(filter) {
    UNUSED_SELF;
    if (!args_count(in, args, "filter", 2, 2, loc)) return NULL;
    List *items = iterate_to_list(in, args->pos[1], loc);
    if (!items) return NULL;
    Value *r = value_list(in->arena, 0);
    for (int i = 0; i < items->len; i++) {
        Value *keep = items->items[i];
        if (args->pos[0]->kind != VAL_NONE) {
            CallArgs a = call_args_positional(&items->items[i], 1);
            if (!(keep = call_value(in, args->pos[0], &a, loc))) return NULL;
        }
        bool ok;
        bool t = value_truthy(in, keep, loc, &ok);
        if (!ok) return NULL;
        if (t) list_append(in->arena, r->list, items->items[i]);
    }
    return r;
}

/* isinstance(x, int) with the builtin conversion functions standing for the types. */
static bool instance_of(Interp *in, Value *v, Value *type, bool *ok, SrcLoc loc) {
    *ok = true;
    if (type->kind == VAL_TUPLE) {
        for (int i = 0; i < type->list->len; i++) {
            if (instance_of(in, v, type->list->items[i], ok, loc)) return true;
            if (!*ok) return false;
        }
        return false;
    }
    if (type->kind == VAL_CLASS) return value_is_instance_of(in, v, type->cls);
    if (type->kind == VAL_BUILTIN && (!type->builtin->self || type->builtin->is_class)) {
        const char *n = type->builtin->name;
        if (strcmp(n, "int") == 0) return v->kind == VAL_INT || v->kind == VAL_BOOL;
        if (strcmp(n, "float") == 0) return v->kind == VAL_FLOAT;
        if (strcmp(n, "bool") == 0) return v->kind == VAL_BOOL;
        if (strcmp(n, "str") == 0) return v->kind == VAL_STR;
        if (strcmp(n, "list") == 0) return v->kind == VAL_LIST;
        if (strcmp(n, "tuple") == 0) return v->kind == VAL_TUPLE;
        if (strcmp(n, "dict") == 0) return v->kind == VAL_DICT;
        if (strcmp(n, "range") == 0) return v->kind == VAL_RANGE;
        if (strcmp(n, "set") == 0) return v->kind == VAL_SET;
        if (type->builtin->is_class) return strcmp(value_type_name(v), n) == 0;
    }
    *ok = false;
    vm_type_error(in, loc, "isinstance() arg 2 must be a type, a tuple of types, or a union");
    return false;
}

BUILTIN(isinstance) {
    UNUSED_SELF;
    if (!args_count(in, args, "isinstance", 2, 2, loc)) return NULL;
    bool ok;
    bool r = instance_of(in, args->pos[0], args->pos[1], &ok, loc);
    return ok ? value_bool(r) : NULL;
}

BUILTIN(getattr) {
    UNUSED_SELF;
    if (!args_count(in, args, "getattr", 2, 3, loc)) return NULL;
    if (args->pos[1]->kind != VAL_STR)
        return vm_type_error(in, loc, "attribute name must be string");
    const char *name = vm_intern(in, args->pos[1]->str.s);
    if (args->npos == 2) return get_attribute(in, args->pos[0], name, loc);
    /* Only the absence of the attribute falls back to the default. */
    bool missing;
    Value *v = lookup_attribute(in, args->pos[0], name, loc, &missing);
    if (!v && missing && missing_builtin_method(args->pos[0], name))
        return get_attribute(in, args->pos[0], name, loc);
    if (!v && exception_is(in, in->exc, EXC_ATTRIBUTE_ERROR)) { /* a property's getter raised it */
        in->exc = NULL;
        missing = true;
    }
    return v ? v : missing ? args->pos[2] : NULL;
}

BUILTIN(hasattr) {
    UNUSED_SELF;
    if (!args_count(in, args, "hasattr", 2, 2, loc)) return NULL;
    if (args->pos[1]->kind != VAL_STR)
        return vm_type_error(in, loc, "attribute name must be string");
    bool missing;
    const char *name = vm_intern(in, args->pos[1]->str.s);
    Value *v = lookup_attribute(in, args->pos[0], name, loc, &missing);
    if (!v && missing && missing_builtin_method(args->pos[0], name))
        return get_attribute(in, args->pos[0], name, loc);
    if (!v && exception_is(in, in->exc, EXC_ATTRIBUTE_ERROR)) {
        in->exc = NULL;
        missing = true;
    }
    return v ? value_bool(true) : missing ? value_bool(false) : NULL;
}

/* A type with no constructor here (NoneType, function, ...): calling it is an error. */
static Value *not_constructible(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)args;
    return vm_type_error(in, loc, "cannot create '%s' instances", self->builtin->name);
}

/* type(x): the built-in class itself for the types that have one (type(3) is int),
   else a class value that prints as CPython's (<class 'NoneType'>). */
BUILTIN(type) {
    UNUSED_SELF;
    if (args->npos == 3)
        return vm_not_supported(in, loc, "type() with three arguments (making a class)");
    if (!args_count(in, args, "type", 1, 1, loc)) return NULL;
    Value *v = args->pos[0];
    if (v->kind == VAL_INSTANCE) return v->inst->cls->self;
    const char *name = v->kind == VAL_BUILTIN && v->builtin->is_class ? "type" : value_type_name(v);
    Value *cls = env_get_local(in->builtins, vm_intern(in, name));
    if (cls && cls->kind == VAL_BUILTIN && cls->builtin->is_class) return cls;
    Value *made = value_builtin(in->arena, name, not_constructible, NULL);
    made->builtin->self = made;
    made->builtin->is_class = true;
    return made;
}

BUILTIN(chr) {
    UNUSED_SELF;
    if (!args_count(in, args, "chr", 1, 1, loc)) return NULL;
    if (!is_intlike(args->pos[0]))
        return vm_type_error(in, loc, "'%s' object cannot be interpreted as an integer",
                             value_type_name(args->pos[0]));
    int64_t c = as_int(args->pos[0]);
    if (c < 0 || c > 0x10ffff)
        return vm_raise(in, EXC_VALUE_ERROR, loc, "chr() arg not in range(0x110000)");
    char buf[4];
    return value_str(in->arena, buf, (size_t)utf8_encode((uint32_t)c, buf));
}

BUILTIN(ord) {
    UNUSED_SELF;
    if (!args_count(in, args, "ord", 1, 1, loc)) return NULL;
    Value *v = args->pos[0];
    if (v->kind != VAL_STR)
        return vm_type_error(in, loc, "ord() expected string of length 1, but %s found",
                             value_type_name(v));
    int64_t n = utf8_codepoints(v->str.s, v->str.len);
    if (n != 1)
        return vm_type_error(in, loc, "ord() expected a character, but string of length %lld found",
                             (long long)n);
    const unsigned char *s = (const unsigned char *)v->str.s;
    int64_t c = s[0] < 0x80   ? s[0]
                : s[0] < 0xe0 ? s[0] & 0x1f
                : s[0] < 0xf0 ? s[0] & 0x0f
                              : s[0] & 0x07;
    for (size_t i = 1; i < v->str.len; i++) c = (c << 6) | (s[i] & 0x3f);
    return value_int(in->arena, c);
}

/* hex(), oct(), bin(): the '#x' / '#o' / '#b' formats. */
static Value *int_in_base(Interp *in, CallArgs *args, const char *fname, const char *spec,
                          SrcLoc loc) {
    if (!args_count(in, args, fname, 1, 1, loc)) return NULL;
    if (!is_intlike(args->pos[0]))
        return vm_type_error(in, loc, "'%s' object cannot be interpreted as an integer",
                             value_type_name(args->pos[0]));
    return format_value(in, value_int(in->arena, as_int(args->pos[0])), spec, loc);
}

BUILTIN(hex) { UNUSED_SELF; return int_in_base(in, args, "hex", "#x", loc); }
BUILTIN(oct) { UNUSED_SELF; return int_in_base(in, args, "oct", "#o", loc); }
BUILTIN(bin) { UNUSED_SELF; return int_in_base(in, args, "bin", "#b", loc); }

BUILTIN(slice) {
    UNUSED_SELF;
    if (!args_count(in, args, "slice", 1, 3, loc)) return NULL;
    Value *v = ARENA_NEW(in->arena, Value);
    v->kind = VAL_SLICE;
    Value *none = value_none();
    v->slice.start = args->npos > 1 ? args->pos[0] : none;
    v->slice.stop = args->npos > 1 ? args->pos[1] : args->pos[0];
    v->slice.step = args->npos > 2 ? args->pos[2] : none;
    return v;
}

BUILTIN(callable) {
    UNUSED_SELF;
    if (!args_count(in, args, "callable", 1, 1, loc)) return NULL;
    ValueKind k = args->pos[0]->kind;
    if (k == VAL_INSTANCE)
        return value_bool(special_method(in, args->pos[0], in->dunder.call) != NULL);
    const ForeignType *type = value_foreign(args->pos[0]);
    return value_bool(k == VAL_FUNCTION || k == VAL_BUILTIN || k == VAL_CLASS || k == VAL_METHOD ||
                      k == VAL_STATICMETHOD || (type && type->call));
}

/* ---- attributes of functions ---------------------------------------------------------------- */

Value *function_defaults(Interp *in, const Function *fn) {
    int n = fn->params->args.len, first = n;
    while (first > 0 && fn->defaults[first - 1]) first--; /* defaults are trailing */
    if (first == n) return value_none();
    Value *t = value_tuple(in->arena, n - first);
    for (int i = first; i < n; i++) t->list->items[i - first] = fn->defaults[i];
    return t;
}

Value *function_kwdefaults(Interp *in, const Function *fn) {
    Value *d = NULL;
    for (int i = 0; i < fn->params->kwonly.len; i++) {
        if (!fn->kwonly_defaults[i]) continue;
        if (!d) d = value_dict(in->arena);
        dict_set(in->arena, d->dict, value_cstr(in->arena, fn->params->kwonly.items[i]->arg.name),
                 fn->kwonly_defaults[i]);
    }
    return d ? d : value_none();
}

void builtins_install(Interp *in) {
    in->builtins = env_new(in, NULL, NULL, NULL);
    static const struct { const char *name; BuiltinFn fn;
    } table[] = {
        {"print", builtin_print},
        {"int", builtin_int},
        {"float", builtin_float},
        {"str", builtin_str},
        {"repr", builtin_repr},
        {"ascii", builtin_ascii},
        {"bool", builtin_bool},
        {"list", builtin_list},
        {"tuple", builtin_tuple},
        {"dict", builtin_dict},
        {"len", builtin_len},
        {"range", builtin_range},
        {"enumerate", builtin_enumerate},
        {"zip", builtin_zip},
        {"reversed", builtin_reversed},
        {"sorted", builtin_sorted},
        {"abs", builtin_abs},
        {"max", builtin_max},
        {"min", builtin_min},
        {"sum", builtin_sum},
        {"any", builtin_any},
        {"all", builtin_all},
        {"round", builtin_round},
        {"divmod", builtin_divmod},
        {"pow", builtin_pow},
        {"set", builtin_set},
        {"format", builtin_format},
        {"hash", builtin_hash},
        {"map", builtin_map},
        {"filter", builtin_filter},
        {"isinstance", builtin_isinstance},
        {"getattr", builtin_getattr},
        {"hasattr", builtin_hasattr},
        {"type", builtin_type},
        {"chr", builtin_chr},
        {"ord", builtin_ord},
        {"hex", builtin_hex},
        {"oct", builtin_oct},
        {"bin", builtin_bin},
        {"callable", builtin_callable},
        {"iter", builtin_iter},
        {"next", builtin_next},
        {"slice", builtin_slice},
    };
    /* The ones that are classes in CPython (they print as <class 'int'>). */
    static const char *const classes[] = {
        "int",   "float", "bool",      "str", "list",     "tuple", "dict",   "set",
        "range", "slice", "enumerate", "zip", "reversed", "map",   "filter", "type"};
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
        Value *b = value_builtin(in->arena, table[i].name, table[i].fn, NULL);
        for (size_t c = 0; c < sizeof classes / sizeof classes[0]; c++)
            if (strcmp(classes[c], table[i].name) == 0) b->builtin->is_class = true;
        env_set_local(in, in->builtins, vm_intern(in, table[i].name), b);
    }
    env_set_local(in, in->builtins, vm_intern(in, "None"), value_none());
}
