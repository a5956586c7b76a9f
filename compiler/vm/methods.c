/* methods.c — methods of list, tuple and dict (str's are in str_methods.c), and string
 * formatting (format specs and %-formatting) with CPython's results. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtins.h"
#include "exceptions.h"
#include "objects.h"
#include "vm.h"

#define METHOD(name)                                                                               \
    static Value *method_##name(Interp *in, Value *self, CallArgs *args, SrcLoc loc)

static bool nargs(Interp *in, CallArgs *args, const char *fname, int lo, int hi, SrcLoc loc) {
    if (args->nkw) {
        vm_type_error(in, loc, "%s() takes no keyword arguments", fname);
        return false;
    }
    if (args->npos >= lo && args->npos <= hi) return true;
    if (lo == hi)
        vm_type_error(in, loc, "%s() takes exactly %d argument%s (%d given)", fname, lo,
                      lo == 1 ? "" : "s", args->npos);
    else if (args->npos < lo)
        vm_type_error(in, loc, "%s() takes at least %d argument%s (%d given)", fname, lo,
                      lo == 1 ? "" : "s", args->npos);
    else
        vm_type_error(in, loc, "%s() takes at most %d argument%s (%d given)", fname, hi,
                      hi == 1 ? "" : "s", args->npos);
    return false;
}

/* METH_NOARGS methods: "list.clear() takes no arguments (1 given)" (qualname: "list.clear"). */
static bool no_args(Interp *in, CallArgs *args, const char *qualname, SrcLoc loc) {
    if (args->nkw)
        vm_type_error(in, loc, "%s() takes no keyword arguments", qualname);
    else if (args->npos)
        vm_type_error(in, loc, "%s() takes no arguments (%d given)", qualname, args->npos);
    return !args->nkw && !args->npos;
}

/* ---- format specs: [[fill]align][sign][#][0][width][,|_][.precision][type] ---------------------
 */

typedef struct Spec {
    char fill[5];        /* one code point, UTF-8 */
    char align, sign, type;
    bool alt, zero;
    int64_t width, precision; /* precision -1: none */
    char grouping;
} Spec;

/* A run of decimal digits at *s (moved past it) into *out; false when it does not fit
   an int64_t (CPython: past PY_SSIZE_T_MAX), which each caller reports its own way. */
static bool parse_digits(const char **s, int64_t *out) {
    int64_t v = 0;
    bool fits = true;
    for (; **s >= '0' && **s <= '9'; (*s)++) {
        int d = **s - '0';
        if (v > (INT64_MAX - d) / 10) fits = false;
        else v = v * 10 + d;
    }
    *out = v;
    return fits;
}

static bool parse_spec(Interp *in, const char *s, Spec *sp, SrcLoc loc) {
    *sp = (Spec){.fill = " ", .precision = -1};
    size_t n = strlen(s), k = 1; /* the bytes of the first code point: a fill may be any */
    while (k < n && k < 4 && ((unsigned char)s[k] & 0xc0) == 0x80) k++;
    bool fill_given = false;
    if (n > k && s[k] && strchr("<>=^", s[k])) {
        memcpy(sp->fill, s, k);
        sp->align = s[k], s += k + 1, fill_given = true;
    } else if (n >= 1 && strchr("<>=^", s[0])) {
        sp->align = s[0], s += 1;
    }
    if (*s && strchr("+- ", *s)) sp->sign = *s++;
    if (*s == '#') sp->alt = true, s++;
    if (*s == '0') {
        /* Zero padding: the fill unless one is given; numbers then pad after the sign
           (pad's '=' when no alignment is given). */
        sp->zero = true;
        if (!fill_given) strcpy(sp->fill, "0");
        s++;
    }
    bool fits = parse_digits(&s, &sp->width);
    if (*s == ',' || *s == '_') sp->grouping = *s++;
    if (*s == '.') {
        s++;
        if (!(*s >= '0' && *s <= '9')) {
            vm_raise(in, EXC_VALUE_ERROR, loc, "Format specifier missing precision");
            return false;
        }
        fits = parse_digits(&s, &sp->precision) && fits;
    }
    if (!fits) {
        vm_raise(in, EXC_VALUE_ERROR, loc, "Too many decimal digits in format string");
        return false;
    }
    if (*s) sp->type = *s++;
    if (*s) {
        vm_raise(in, EXC_VALUE_ERROR, loc, "Invalid format specifier");
        return false;
    }
    return true;
}

/* Thousands separators; binary, octal and hex digits go in groups of four. */
static const char *group_digits(Arena *a, const char *digits, char sep, size_t group) {
    /* digits: [0-9a-fA-F]+ possibly followed by .fraction/exponent */
    size_t intlen = strspn(digits, group == 4 ? "0123456789abcdefABCDEF" : "0123456789");
    StrBuf sb;
    strbuf_init(&sb, a);
    for (size_t i = 0; i < intlen; i++) {
        if (i && (intlen - i) % group == 0) strbuf_putc(&sb, sep);
        strbuf_putc(&sb, digits[i]);
    }
    strbuf_puts(&sb, digits + intlen);
    return strbuf_cstr(&sb);
}

/* The first n code points of s (a precision on a str counts them). */
static const char *cut_codepoints(Arena *a, const char *s, int64_t n) {
    size_t i = 0;
    for (int64_t k = 0; k < n && s[i]; k++)
        do i++;
        while (((unsigned char)s[i] & 0xc0) == 0x80);
    return s[i] ? arena_strndup(a, s, i) : s;
}

/* sign and body padded to sp's width; NULL (MemoryError raised) when that is more than
   the build-time ceiling. */
static const char *pad(Interp *in, const char *sign, const char *body, const Spec *sp,
                       char default_align, SrcLoc loc) {
    Arena *a = in->arena;
    size_t nsign = strlen(sign), nbody = strlen(body);
    int64_t len = utf8_codepoints(sign, nsign) + utf8_codepoints(body, nbody);
    char align = sp->align ? sp->align : sp->zero && default_align == '>' ? '=' : default_align;
    int64_t nfill = (int64_t)strlen(sp->fill);
    if (sp->width > len && !str_size_ok(in, sp->width - len, nfill, (int64_t)(nsign + nbody), loc))
        return NULL;
    StrBuf sb;
    strbuf_init(&sb, a);
    size_t fillc = sp->width > len ? (size_t)(sp->width - len) : 0;
    size_t left = align == '>' ? fillc : align == '^' ? fillc / 2 : 0;
    size_t right = fillc - left;
    if (align == '=') {
        strbuf_puts(&sb, sign);
        for (size_t i = 0; i < fillc; i++) strbuf_puts(&sb, sp->fill);
        strbuf_puts(&sb, body);
        return strbuf_cstr(&sb);
    }
    for (size_t i = 0; i < left; i++) strbuf_puts(&sb, sp->fill);
    strbuf_puts(&sb, sign);
    strbuf_puts(&sb, body);
    for (size_t i = 0; i < (align == '<' || align == '^' ? right : 0); i++)
        strbuf_puts(&sb, sp->fill);
    return strbuf_cstr(&sb);
}

static const char *format_float(Interp *in, double f, const Spec *sp, SrcLoc loc, bool *ok) {
    Arena *a = in->arena;
    *ok = true;
    char type = sp->type;
    if (sp->precision > INT32_MAX) {
        *ok = false;
        vm_raise(in, EXC_VALUE_ERROR, loc, "precision too big");
        return NULL;
    }
    /* Fixed notation takes up to 309 digits before the point, then the precision's. */
    if (sp->precision > 0 && !str_size_ok(in, sp->precision, 1, 320, loc)) return *ok = false, NULL;
    int prec = (int)sp->precision;
    double x = fabs(f);
    const char *body;
    if (isinf(x) || isnan(x)) {
        body = isnan(x) ? "nan" : "inf";
        if (type == 'F' || type == 'E' || type == 'G') body = isnan(x) ? "NAN" : "INF";
    } else if (!type) {
        /* no type: like 'g' with at least one digit after the point, or repr */
        if (prec < 0) body = float_repr(a, x);
        else {
            body = arena_printf(a, "%.*g", prec == 0 ? 1 : prec, x);
            if (!strpbrk(body, ".e") && strlen(body) < 17) body = arena_printf(a, "%s.0", body);
        }
    } else if (strchr("fFeEgG%", type)) {
        if (prec < 0) prec = 6;
        double v = type == '%' ? x * 100 : x;
        char t = type == '%' ? 'f' : type;
        char fmt[8];
        snprintf(fmt, sizeof fmt, sp->alt ? "%%#.*%c%s" : "%%.*%c%s", t, type == '%' ? "%%" : "");
        body = arena_printf(a, fmt, prec, v);
    } else {
        *ok = false;
        vm_raise(in, EXC_VALUE_ERROR, loc, "Unknown format code '%c' for object of type 'float'",
                 type);
        return NULL;
    }
    if (sp->grouping) body = group_digits(a, body, sp->grouping, 3);
    const char *sign = signbit(f) && !isnan(f) ? "-"
                       : sp->sign == '+'       ? "+"
                       : sp->sign == ' '       ? " "
                                               : "";
    const char *r = pad(in, sign, body, sp, '>', loc);
    *ok = r != NULL;
    return r;
}

static const char *format_int(Interp *in, int64_t v, const Spec *sp, SrcLoc loc, bool *ok) {
    Arena *a = in->arena;
    *ok = true;
    uint64_t x = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
    char buf[80];
    const char *prefix = "";
    switch (sp->type) {
    case 0:
    case 'd':
    case 'n': snprintf(buf, sizeof buf, "%llu", (unsigned long long)x); break;
    case 'x':
        snprintf(buf, sizeof buf, "%llx", (unsigned long long)x);
        prefix = sp->alt ? "0x" : "";
        break;
    case 'X':
        snprintf(buf, sizeof buf, "%llX", (unsigned long long)x);
        prefix = sp->alt ? "0X" : "";
        break;
    case 'o':
        snprintf(buf, sizeof buf, "%llo", (unsigned long long)x);
        prefix = sp->alt ? "0o" : "";
        break;
    case 'b': {
        int n = 0;
        char tmp[70];
        do tmp[n++] = (char)('0' + (x & 1)); while (x >>= 1);
        for (int i = 0; i < n; i++) buf[i] = tmp[n - 1 - i];
        buf[n] = '\0';
        prefix = sp->alt ? "0b" : "";
        break;
    }
    case 'c': snprintf(buf, sizeof buf, "%c", (char)v); break;
    case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': case '%':
        return format_float(in, (double)v, sp, loc, ok);
    default:
        *ok = false;
        vm_raise(in, EXC_VALUE_ERROR, loc, "Unknown format code '%c' for object of type 'int'",
                 sp->type);
        return NULL;
    }
    bool power_of_two = sp->type && strchr("boxX", sp->type);
    if (sp->grouping == ',' && power_of_two) {
        *ok = false;
        vm_raise(in, EXC_VALUE_ERROR, loc, "Cannot specify ',' with '%c'.", sp->type);
        return NULL;
    }
    const char *body =
        sp->grouping ? group_digits(a, buf, sp->grouping, power_of_two ? 4 : 3) : buf;
    const char *sign = v < 0 ? "-" : sp->sign == '+' ? "+" : sp->sign == ' ' ? " " : "";
    const char *r = pad(in, arena_printf(a, "%s%s", sign, prefix), body, sp, '>', loc);
    *ok = r != NULL;
    return r;
}

Value *format_value(Interp *in, Value *v, const char *spec, SrcLoc loc) {
    if (in->hooks.format && !(v = in->hooks.format(in, v, loc))) return NULL;
    if (v->kind == VAL_INSTANCE) {
        /* A __format__ of its own; object's formats str(v) and takes no spec. */
        bool found;
        Value *sv = value_cstr(in->arena, spec);
        Value *r = call_special(in, v, in->dunder.format, &sv, 1, loc, &found);
        if (r && r->kind != VAL_STR)
            return vm_type_error(in, loc, "__format__ must return a str, not %s",
                                 value_type_name(r));
        return r;
    }
    if (!spec[0]) {
        if (v->kind == VAL_STR) return v;
        const char *text = py_str(in, v, loc);
        return text ? value_cstr(in->arena, text) : NULL;
    }
    Spec sp;
    if (!parse_spec(in, spec, &sp, loc)) return NULL;
    bool ok = true;
    const char *r;
    if (v->kind == VAL_INT || v->kind == VAL_BOOL) {
        r = format_int(in, v->kind == VAL_INT ? v->i : v->b, &sp, loc, &ok); /* a spec: True is 1 */
    } else if (v->kind == VAL_FLOAT) {
        r = format_float(in, v->f, &sp, loc, &ok);
    } else if (v->kind == VAL_STR || !sp.type || sp.type == 's') {
        if (sp.type && sp.type != 's')
            return vm_raise(in, EXC_VALUE_ERROR, loc,
                            "Unknown format code '%c' for object of type 'str'", sp.type);
        if (v->kind != VAL_STR && v->kind != VAL_NONE && (sp.width || sp.precision >= 0) &&
            !value_is_sequence(v) && v->kind != VAL_DICT &&
            !(value_foreign(v) && value_foreign(v)->formats_as_str))
            return vm_type_error(in, loc, "unsupported format string passed to %s.__format__",
                                 value_type_name(v));
        const char *s = value_to_str(in->arena, v);
        if (sp.precision >= 0) s = cut_codepoints(in->arena, s, sp.precision);
        r = pad(in, "", s, &sp, '<', loc);
        ok = r != NULL;
    } else {
        return vm_type_error(in, loc, "unsupported format string passed to %s.__format__",
                             value_type_name(v));
    }
    return ok ? value_cstr(in->arena, r) : NULL;
}

/* "%d items, %.2f %s" % (n, x, name) */
Value *builtin_percent_format(Interp *in, Value *fmt, Value *args, SrcLoc loc) {
    List single = {.items = &args, .len = 1};
    List *items = args->kind == VAL_TUPLE ? args->list : &single;
    int next = 0;
    StrBuf sb;
    strbuf_init(&sb, in->arena);
    for (const char *p = fmt->str.s; *p; p++) {
        if (*p != '%') {
            strbuf_putc(&sb, *p);
            continue;
        }
        p++;
        if (*p == '%') {
            strbuf_putc(&sb, '%');
            continue;
        }
        /* %(name)s takes its value from a mapping. */
        Value *mapped = NULL;
        if (*p == '(') {
            const char *close = strchr(p, ')');
            if (!close) return vm_raise(in, EXC_VALUE_ERROR, loc, "incomplete format key");
            if (args->kind != VAL_DICT) return vm_type_error(in, loc, "format requires a mapping");
            Value *key = value_str(in->arena, p + 1, (size_t)(close - p - 1));
            if (!(mapped = dict_get(args->dict, key))) return vm_key_error(in, key, loc);
            p = close + 1;
        }
        char flags[8] = {0};
        int nf = 0;
        while (*p && strchr("-+ #0", *p) && nf < 7) flags[nf++] = *p++;
        int64_t width = 0, prec = -1;
        if (!parse_digits(&p, &width)) return vm_raise(in, EXC_VALUE_ERROR, loc, "width too big");
        if (*p == '.') {
            p++;
            if (!parse_digits(&p, &prec) || prec > INT32_MAX)
                return vm_raise(in, EXC_VALUE_ERROR, loc, "precision too big");
        }
        char conv = *p;
        if (!conv) return vm_raise(in, EXC_VALUE_ERROR, loc, "incomplete format");
        if (!mapped && next >= items->len)
            return vm_type_error(in, loc, "not enough arguments for format string");
        Value *v = mapped ? mapped : items->items[next++];
        Spec sp = {.fill = " ", .precision = prec, .width = width, .align = '>'};
        for (int i = 0; i < nf; i++) {
            if (flags[i] == '-') sp.align = '<';
            else if (flags[i] == '+' || flags[i] == ' ') sp.sign = flags[i];
            else if (flags[i] == '0' && sp.align != '<') strcpy(sp.fill, "0"), sp.align = '=';
            else if (flags[i] == '#') sp.alt = true;
        }
        const char *piece;
        bool ok = true;
        switch (conv) {
        case 's': {
            const char *text = py_str(in, v, loc);
            if (!text) return NULL;
            if (prec >= 0) text = cut_codepoints(in->arena, text, prec);
            piece = pad(in, "", text, &sp, '>', loc);
            break;
        }
        case 'r':
        case 'a': {
            const char *text = conv == 'a' ? py_ascii(in, v, loc) : py_repr(in, v, loc);
            if (!text) return NULL;
            piece = pad(in, "", text, &sp, '>', loc);
            break;
        }
        case 'c': {
            char buf[5] = {0};
            if (v->kind == VAL_STR && utf8_codepoints(v->str.s, v->str.len) == 1) {
                piece = pad(in, "", v->str.s, &sp, '>', loc);
            } else if (v->kind == VAL_INT && v->i >= 0 && v->i < 0x110000) {
                buf[utf8_encode((uint32_t)v->i, buf)] = '\0';
                piece = pad(in, "", buf, &sp, '>', loc);
            } else if (v->kind == VAL_INT) {
                return vm_raise(in, EXC_OVERFLOW_ERROR, loc, "%%c arg not in range(0x110000)");
            } else {
                return vm_type_error(in, loc, "%%c requires int or char");
            }
            break;
        }
        case 'd':
        case 'i':
        case 'u':
            if (v->kind == VAL_FLOAT) v = value_int(in->arena, (int64_t)v->f);
            if (v->kind != VAL_INT && v->kind != VAL_BOOL)
                return vm_type_error(in, loc, "%%%c format: a real number is required, not %s",
                                     conv, value_type_name(v));
            sp.type = 'd';
            piece = format_int(in, v->kind == VAL_INT ? v->i : v->b, &sp, loc, &ok);
            break;
        case 'x': case 'X': case 'o':
            if (v->kind != VAL_INT && v->kind != VAL_BOOL)
                return vm_type_error(in, loc, "%%%c format: an integer is required, not %s", conv,
                                     value_type_name(v));
            sp.type = conv;
            piece = format_int(in, v->kind == VAL_INT ? v->i : v->b, &sp, loc, &ok);
            break;
        case 'f': case 'F': case 'e': case 'E': case 'g': case 'G': {
            double d = v->kind == VAL_FLOAT  ? v->f
                       : v->kind == VAL_INT  ? (double)v->i
                       : v->kind == VAL_BOOL ? v->b
                                             : NAN;
            if (!value_is_number(v))
                return vm_type_error(in, loc, "must be real number, not %s", value_type_name(v));
            sp.type = conv;
            if (sp.precision < 0) sp.precision = 6;
            piece = format_float(in, d, &sp, loc, &ok);
            break;
        }
        default:
            return vm_raise(in, EXC_VALUE_ERROR, loc, "unsupported format character '%c' (0x%x)",
                            conv, conv);
        }
        if (!ok || !piece) return NULL;
        if (!str_size_ok(in, (int64_t)sb.len, 1, (int64_t)strlen(piece), loc)) return NULL;
        strbuf_puts(&sb, piece);
    }
    if (next < items->len && args->kind == VAL_TUPLE)
        return vm_type_error(in, loc, "not all arguments converted during string formatting");
    return value_str(in->arena, strbuf_cstr(&sb), sb.len);
}

/* ---- list
 * ------------------------------------------------------------------------------------------ */

METHOD(list_append) {
    if (!nargs(in, args, "append", 1, 1, loc)) return NULL;
    list_append(in->arena, self->list, args->pos[0]);
    return value_none();
}

METHOD(list_extend) {
    if (!nargs(in, args, "extend", 1, 1, loc)) return NULL;
    List *items = iterate_to_list(in, args->pos[0], loc);
    if (!items) return NULL;
    for (int i = 0; i < items->len; i++) list_append(in->arena, self->list, items->items[i]);
    return value_none();
}

METHOD(list_insert) {
    if (!nargs(in, args, "insert", 2, 2, loc)) return NULL;
    if (args->pos[0]->kind != VAL_INT)
        return vm_type_error(in, loc, "'%s' object cannot be interpreted as an integer",
                             value_type_name(args->pos[0]));
    List *l = self->list;
    int64_t i = args->pos[0]->i;
    if (i < 0) i += l->len;
    if (i < 0) i = 0;
    if (i > l->len) i = l->len;
    list_append(in->arena, l, NULL);
    memmove(&l->items[i + 1], &l->items[i], sizeof(Value *) * (size_t)(l->len - 1 - i));
    l->items[i] = args->pos[1];
    return value_none();
}

METHOD(list_pop) {
    if (!nargs(in, args, "pop", 0, 1, loc)) return NULL;
    List *l = self->list;
    if (l->len == 0) return vm_raise(in, EXC_INDEX_ERROR, loc, "pop from empty list");
    int64_t i = args->npos ? (args->pos[0]->kind == VAL_INT ? args->pos[0]->i : 0) : l->len - 1;
    if (i < 0) i += l->len;
    if (i < 0 || i >= l->len) return vm_raise(in, EXC_INDEX_ERROR, loc, "pop index out of range");
    Value *v = l->items[i];
    memmove(&l->items[i], &l->items[i + 1], sizeof(Value *) * (size_t)(l->len - 1 - i));
    l->len--;
    return v;
}

/* The index of the first item equal to v, -1 when none is, -2 after an error. */
static int list_find(Interp *in, List *l, Value *v, SrcLoc loc) {
    for (int i = 0; i < l->len; i++) {
        bool ok;
        if (py_equal(in, l->items[i], v, loc, &ok)) return i;
        if (!ok) return -2;
    }
    return -1;
}

METHOD(list_remove) {
    if (!nargs(in, args, "remove", 1, 1, loc)) return NULL;
    List *l = self->list;
    int i = list_find(in, l, args->pos[0], loc);
    if (i == -2) return NULL;
    if (i < 0) return vm_raise(in, EXC_VALUE_ERROR, loc, "list.remove(x): x not in list");
    memmove(&l->items[i], &l->items[i + 1], sizeof(Value *) * (size_t)(l->len - 1 - i));
    l->len--;
    return value_none();
}

METHOD(list_index) {
    if (!nargs(in, args, "index", 1, 1, loc)) return NULL;
    int i = list_find(in, self->list, args->pos[0], loc);
    if (i == -2) return NULL;
    if (i < 0)
        return vm_raise(in, EXC_VALUE_ERROR, loc, "%s is not in list",
                        value_repr(in->arena, args->pos[0]));
    return value_int(in->arena, i);
}

METHOD(list_count) {
    if (!nargs(in, args, "count", 1, 1, loc)) return NULL;
    int64_t n = 0;
    for (int i = 0; i < self->list->len; i++) {
        bool ok;
        n += py_equal(in, self->list->items[i], args->pos[0], loc, &ok);
        if (!ok) return NULL;
    }
    return value_int(in->arena, n);
}

METHOD(list_reverse) {
    if (!nargs(in, args, "reverse", 0, 0, loc)) return NULL;
    List *l = self->list;
    for (int i = 0, j = l->len - 1; i < j; i++, j--) {
        Value *t = l->items[i];
        l->items[i] = l->items[j];
        l->items[j] = t;
    }
    return value_none();
}

METHOD(list_copy) {
    if (!nargs(in, args, "copy", 0, 0, loc)) return NULL;
    Value *r = value_list(in->arena, self->list->len);
    if (self->list->len)   /* an empty list may have no items array */
        memcpy(r->list->items, self->list->items, sizeof(Value *) * (size_t)self->list->len);
    return r;
}

METHOD(list_clear) {
    if (!no_args(in, args, "list.clear", loc)) return NULL;
    self->list->len = 0;
    return value_none();
}

METHOD(list_sort) {
    Value *key = NULL;
    bool reverse = false;
    if (args->npos) return vm_type_error(in, loc, "sort() takes no positional arguments");
    for (int k = 0; k < args->nkw; k++) {
        if (strcmp(args->kw_names[k], "key") == 0) key = args->kw_values[k];
        else if (strcmp(args->kw_names[k], "reverse") == 0) {
            bool ok;
            reverse = value_truthy(in, args->kw_values[k], loc, &ok);
            if (!ok) return NULL;
        } else {
            return vm_type_error(in, loc, "'%s' is an invalid keyword argument for sort()",
                                 args->kw_names[k]);
        }
    }
    return sort_values(in, self->list->items, self->list->len, key, reverse, loc) ? value_none()
                                                                                  : NULL;
}

/* ---- dict
 * -------------------------------------------------------------------------------------------- */

bool check_hashable(Interp *in, const Value *key, SrcLoc loc) {
    uint64_t h;
    /* TensorFlow 2's tensors and variables compare element-wise, so they are unhashable. */
    const ForeignType *type = value_foreign(key);
    if (type && type->unhashable)
        vm_type_error(in, loc, "%s", type->unhashable);
    else if (value_hash(key, &h))
        return !in->exc; /* a __hash__ of the script's may have raised */
    else if (in->exc)
        return false;
    else
        vm_type_error(in, loc, "unhashable type: '%s'", value_type_name(key));
    return false;
}

METHOD(dict_get) {
    if (!nargs(in, args, "get", 1, 2, loc) || !check_hashable(in, args->pos[0], loc)) return NULL;
    Value *v = dict_get(self->dict, args->pos[0]);
    return v ? v : args->npos == 2 ? args->pos[1] : value_none();
}

/* A live view: it shows the dict as it is when it is used, as CPython's views do. */
static Value *dict_view(Interp *in, Value *self, CallArgs *args, SrcLoc loc, int which) {
    if (!nargs(in, args, which == 0 ? "keys" : which == 1 ? "values" : "items", 0, 0, loc))
        return NULL;
    Value *r = ARENA_NEW(in->arena, Value);
    r->kind = VAL_DICT_VIEW;
    r->view.dict = self->dict;
    r->view.which = which;
    return r;
}

METHOD(dict_keys) { return dict_view(in, self, args, loc, 0); }
METHOD(dict_values) { return dict_view(in, self, args, loc, 1); }
METHOD(dict_items) { return dict_view(in, self, args, loc, 2); }

METHOD(dict_setdefault) {
    if (!nargs(in, args, "setdefault", 1, 2, loc) || !check_hashable(in, args->pos[0], loc))
        return NULL;
    Value *v = dict_get(self->dict, args->pos[0]);
    if (v) return v;
    v = args->npos == 2 ? args->pos[1] : value_none();
    dict_set(in->arena, self->dict, args->pos[0], v);
    return v;
}

METHOD(dict_update) {
    if (args->npos > 1)
        return vm_type_error(in, loc, "update expected at most 1 argument, got %d", args->npos);
    Value *dict_fn = env_get_local(in->builtins, vm_intern(in, "dict"));
    Value *other = call_value(in, dict_fn, args, loc);
    if (!other) return NULL;
    for (int i = 0; i < other->dict->nentries; i++)
        if (other->dict->entries[i].key)
            dict_set(in->arena, self->dict, other->dict->entries[i].key,
                     other->dict->entries[i].value);
    return value_none();
}

METHOD(dict_pop) {
    if (!nargs(in, args, "pop", 1, 2, loc) || !check_hashable(in, args->pos[0], loc)) return NULL;
    Value *v = dict_get(self->dict, args->pos[0]);
    if (!v) {
        if (args->npos == 2) return args->pos[1];
        return vm_key_error(in, args->pos[0], loc);
    }
    dict_delete(self->dict, args->pos[0]);
    return v;
}

METHOD(dict_copy) {
    if (!nargs(in, args, "copy", 0, 0, loc)) return NULL;
    Value *r = value_dict(in->arena);
    for (int i = 0; i < self->dict->nentries; i++)
        if (self->dict->entries[i].key)
            dict_set(in->arena, r->dict, self->dict->entries[i].key, self->dict->entries[i].value);
    return r;
}

METHOD(dict_clear) {
    if (!no_args(in, args, "dict.clear", loc)) return NULL;
    *self->dict = (Dict){0};
    return value_none();
}

/* The last inserted pair, removed (LIFO, as CPython's). */
METHOD(dict_popitem) {
    if (!no_args(in, args, "dict.popitem", loc)) return NULL;
    Dict *d = self->dict;
    /* Deleted entries at the end are dropped: index slots still naming them are harmless
       (a lookup through one compares the key of whatever entry reuses the number). */
    while (d->nentries > 0 && !d->entries[d->nentries - 1].key) d->nentries--;
    if (d->nentries == 0)
        return vm_key_error(in, value_cstr(in->arena, "popitem(): dictionary is empty"), loc);
    DictEntry *e = &d->entries[d->nentries - 1];
    Value *r = value_tuple(in->arena, 2);
    r->list->items[0] = e->key;
    r->list->items[1] = e->value;
    dict_delete(d, e->key);
    return r;
}

/* A class method: dict.fromkeys(iterable[, value]) is a new dict of the iterable's keys,
   all mapped to value (None). self (an instance it was read through) is unused. */
METHOD(dict_fromkeys) {
    (void)self;
    if (args->nkw) return vm_type_error(in, loc, "dict.fromkeys() takes no keyword arguments");
    if (args->npos < 1)
        return vm_type_error(in, loc, "fromkeys expected at least 1 argument, got %d", args->npos);
    if (args->npos > 2)
        return vm_type_error(in, loc, "fromkeys expected at most 2 arguments, got %d", args->npos);
    Value *value = args->npos == 2 ? args->pos[1] : value_none();
    Value *r = value_dict(in->arena);
    Cursor c;
    if (!cursor_open(in, args->pos[0], &c, loc)) return NULL;
    for (;;) {
        Value *key;
        if (!cursor_next(in, &c, &key, loc)) return NULL;
        if (!key) return r;
        if (!check_hashable(in, key, loc)) return NULL;
        dict_set(in->arena, r->dict, key, value);
    }
}

typedef struct MethodEntry {
    ValueKind kind;
    const char *name;
    BuiltinFn fn;
} MethodEntry;

static const MethodEntry methods[] = {
    {VAL_LIST, "append", method_list_append},   {VAL_LIST, "extend", method_list_extend},
    {VAL_LIST, "insert", method_list_insert},   {VAL_LIST, "pop", method_list_pop},
    {VAL_LIST, "remove", method_list_remove},   {VAL_LIST, "index", method_list_index},
    {VAL_LIST, "count", method_list_count},     {VAL_LIST, "reverse", method_list_reverse},
    {VAL_LIST, "copy", method_list_copy},       {VAL_LIST, "sort", method_list_sort},
    {VAL_LIST, "clear", method_list_clear},     {VAL_TUPLE, "index", method_list_index},
    {VAL_TUPLE, "count", method_list_count},    {VAL_DICT, "get", method_dict_get},
    {VAL_DICT, "keys", method_dict_keys},       {VAL_DICT, "values", method_dict_values},
    {VAL_DICT, "items", method_dict_items},     {VAL_DICT, "setdefault", method_dict_setdefault},
    {VAL_DICT, "update", method_dict_update},   {VAL_DICT, "pop", method_dict_pop},
    {VAL_DICT, "copy", method_dict_copy},       {VAL_DICT, "clear", method_dict_clear},
    {VAL_DICT, "popitem", method_dict_popitem}, {VAL_DICT, "fromkeys", method_dict_fromkeys},
};

Value *builtin_method(Interp *in, Value *self, const char *name) {
    if (!self) return NULL;
    if (self->kind == VAL_SET) return set_method(in, self, name);
    if (self->kind == VAL_STR) return str_method(in, self, name);
    for (size_t i = 0; i < sizeof methods / sizeof methods[0]; i++)
        if (methods[i].kind == self->kind &&
            strcmp(methods[i].name, name) == 0) /* fromkeys binds nothing */
            return value_builtin(in->arena, methods[i].name, methods[i].fn,
                                 methods[i].fn == method_dict_fromkeys ? NULL : self);
    return NULL;
}
