/* str_methods.c — the methods of str (find, split, center, isalpha, ...), CPython 3.11's results
 * and errors. Entry point: str_method (methods.c's builtin_method asks it for a str receiver);
 * unicode_* answer character questions for repr(), int() and float(). Memory owner: the
 * interpreter's Arena. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtins.h"
#include "exceptions.h"
#include "objects.h"
#include "vm.h"
#include "unicode.h"

/* Strings are UTF-8; lengths, widths and indexes count code points (utf8_codepoints),
   as Python's do. Character classes and case mappings are CPython 3.11's for all of
   Unicode 14.0: unicode_db.inc is read off CPython itself (scripts/gen_unicode_db.py). */

#define METHOD(name)                                                                               \
    static Value *method_##name(Interp *in, Value *self, CallArgs *args, SrcLoc loc)

/* The text as code points (*n of them), for the methods that look around a position. */
static uint32_t *decode_all(Interp *in, const Value *self, size_t *n) {
    uint32_t *cps = ARENA_ARRAY(in->arena, uint32_t, self->str.len + 1);
    size_t k = 0;
    for (size_t i = 0; i < self->str.len;)
        cps[k++] = utf8_decode_next(self->str.s, self->str.len, &i);
    *n = k;
    return cps;
}

/* ---- arguments ------------------------------------------------------------------------------ */

/* CPython's argument-count errors for str methods come in three shapes, by how the
   method parses its arguments:
   ARITY_FIXED   METH_NOARGS/METH_O: "str.lower() takes no arguments (1 given)",
                 "str.join() takes exactly one argument (0 given)"
   ARITY_PARSE   PyArg_ParseTuple: "find() takes at least 1 argument (0 given)"
   ARITY_UNPACK  PyArg_UnpackTuple: "center expected at least 1 argument, got 0" */
typedef enum { ARITY_FIXED, ARITY_PARSE, ARITY_UNPACK } Arity;

static bool str_args(Interp *in, CallArgs *args, const char *name, int lo, int hi, Arity style,
                     SrcLoc loc) {
    if (args->nkw) {
        vm_type_error(in, loc, "str.%s() takes no keyword arguments", name);
        return false;
    }
    int n = args->npos;
    if (n >= lo && n <= hi) return true;
    const char *most = n > hi ? "most" : "least";
    int bound = n > hi ? hi : lo;
    const char *plural = bound == 1 ? "" : "s";
    if (style == ARITY_FIXED && hi == 0)
        vm_type_error(in, loc, "str.%s() takes no arguments (%d given)", name, n);
    else if (style == ARITY_FIXED)
        vm_type_error(in, loc, "str.%s() takes exactly one argument (%d given)", name, n);
    else if (style == ARITY_PARSE)
        vm_type_error(in, loc, "%s() takes at %s %d argument%s (%d given)", name, most, bound,
                      plural, n);
    else
        vm_type_error(in, loc, "%s expected at %s %d argument%s, got %d", name, most, bound, plural,
                      n);
    return false;
}

/* Argument Clinic's keyword-capable methods (split, rsplit, splitlines, expandtabs):
   names[0..n) are all optional; out[i] gets the value or NULL. */
static bool str_kwargs(Interp *in, CallArgs *args, const char *name, const char *const *names,
                       int n, Value **out, SrcLoc loc) {
    for (int i = 0; i < n; i++) out[i] = i < args->npos ? args->pos[i] : NULL;
    if (args->npos > n) {
        vm_type_error(in, loc, "%s() takes at most %d argument%s (%d given)", name, n,
                      n == 1 ? "" : "s", args->npos + args->nkw);
        return false;
    }
    for (int k = 0; k < args->nkw; k++) {
        int i = 0;
        while (i < n && strcmp(names[i], args->kw_names[k]) != 0) i++;
        if (i == n) {
            vm_type_error(in, loc, "'%s' is an invalid keyword argument for %s()",
                          args->kw_names[k], name);
            return false;
        }
        if (out[i]) {
            vm_type_error(in, loc, "argument for %s() given by name ('%s') and position (%d)", name,
                          names[i], i + 1);
            return false;
        }
        out[i] = args->kw_values[k];
    }
    return true;
}

/* A str argument: "must be str, not int" (what: "must be", "replace() argument 1 must be"). */
static bool need_str(Interp *in, const Value *v, const char *what, SrcLoc loc) {
    if (v->kind == VAL_STR) return true;
    vm_type_error(in, loc, "%s str, not %s", what, value_type_name(v));
    return false;
}

/* An integer argument (width, tabsize, maxsplit): an int or a bool. */
static bool need_int(Interp *in, const Value *v, int64_t *out, SrcLoc loc) {
    if (v->kind == VAL_INT || v->kind == VAL_BOOL) {
        *out = v->kind == VAL_INT ? v->i : v->b;
        return true;
    }
    vm_type_error(in, loc, "'%s' object cannot be interpreted as an integer", value_type_name(v));
    return false;
}

/* ---- text helpers -------------------------------------------------------------------------------
 */

static Value *str_of(Interp *in, const char *s, size_t n) {
    return value_str(in->arena, n ? s : "", n);
}

/* count * unit + extra bytes, in int64 with overflow checked (a negative count, as
   'ab' * -3, makes an empty string): within STR_MAX_BYTES, or a MemoryError raised
   before the caller allocates anything. */
bool str_size_ok(Interp *in, int64_t count, int64_t unit, int64_t extra, SrcLoc loc) {
    int64_t n;
    if (count < 0) count = 0;
    if (!__builtin_mul_overflow(count, unit, &n) && !__builtin_add_overflow(n, extra, &n) &&
        n <= STR_MAX_BYTES)
        return true;
    vm_raise(in, EXC_MEMORY_ERROR, loc,
             "string too large for the build-time interpreter (over %d MiB)",
             (int)(STR_MAX_BYTES >> 20));
    return false;
}

static Value *buf_value(Interp *in, StrBuf *sb) {
    return value_str(in->arena, sb->len ? sb->data : "", sb->len);
}

/* The byte offset of code point cp (0 <= cp <= the text's code points). */
static size_t cp_offset(const char *s, size_t n, int64_t cp) {
    size_t i = 0;
    for (; i < n; i++)
        if (((unsigned char)s[i] & 0xc0) != 0x80 && cp-- == 0) return i;
    return n;
}

/* The bytes of the code point starting at s[i]. */
static size_t cp_bytes(const char *s, size_t n, size_t i) {
    size_t j = i + 1;
    while (j < n && ((unsigned char)s[j] & 0xc0) == 0x80) j++;
    return j - i;
}

/* The bytes of the whitespace code point (str.isspace) starting at s[i]; 0: none. */
static size_t space_at(const char *s, size_t n, size_t i) {
    unsigned char c = (unsigned char)s[i];
    if (c < 0x80) return c == ' ' || (c >= '\t' && c <= '\r') || (c >= 0x1c && c <= 0x1f);
    size_t j = i;
    return unicode_is_space(utf8_decode_next(s, n, &j)) ? j - i : 0;
}

/* Where the code point that ends at s[i] (i > 0) starts. */
static size_t cp_start_before(const char *s, size_t i) {
    do i--;
    while (i > 0 && ((unsigned char)s[i] & 0xc0) == 0x80);
    return i;
}

/* The bytes of the whitespace code point that ends at s[i] (i > 0); 0: none. */
static size_t space_before(const char *s, size_t i) {
    size_t j = cp_start_before(s, i);
    return space_at(s, i, j) == i - j ? i - j : 0;
}

/* The code point of k bytes at c is one of set's (valid UTF-8 matches only whole code points). */
static bool cp_in(const char *set, size_t set_len, const char *c, size_t k) {
    for (size_t i = 0; i + k <= set_len; i++)
        if (memcmp(set + i, c, k) == 0) return true;
    return false;
}

/* The [start, end) window of the optional start/end arguments args->pos[first..]: code
   points with slice semantics (negative counts from the end; None is absent), adjusted
   as CPython's ADJUST_INDICES does: end is clamped to the length, start is not (a
   start past the end makes an empty window that even "" does not match). */
typedef struct Window {
    int64_t start, end;  /* code points */
    size_t bstart, bend; /* their byte offsets (bstart == bend when start >= end) */
} Window;

static bool str_window(Interp *in, const Value *self, CallArgs *args, int first, Window *w,
                       SrcLoc loc) {
    int64_t n = utf8_codepoints(self->str.s, self->str.len);
    int64_t bound[2] = {0, n};
    for (int k = 0; k < 2 && first + k < args->npos; k++) {
        const Value *v = args->pos[first + k];
        if (v->kind == VAL_NONE) continue;
        if (v->kind != VAL_INT && v->kind != VAL_BOOL) {
            vm_type_error(in, loc,
                          "slice indices must be integers or None or have an __index__ method");
            return false;
        }
        bound[k] = v->kind == VAL_INT ? v->i : v->b;
    }
    w->start = bound[0], w->end = bound[1];
    if (w->end > n) w->end = n;
    else if (w->end < 0 && (w->end += n) < 0) w->end = 0;
    if (w->start < 0 && (w->start += n) < 0) w->start = 0;
    w->bend = cp_offset(self->str.s, self->str.len, w->end);
    w->bstart = w->start < w->end ? cp_offset(self->str.s, self->str.len, w->start) : w->bend;
    return true;
}

/* The code-point index of sub's first (last when reverse) match in the window, or -1. */
static int64_t find_in(const Value *self, const Value *sub, const Window *w, bool reverse) {
    if (w->end - w->start < utf8_codepoints(sub->str.s, sub->str.len)) return -1;
    const char *s = self->str.s;
    size_t sl = sub->str.len;
    if (w->bend - w->bstart < sl) return -1;
    for (size_t k = 0; k + sl <= w->bend - w->bstart; k++) {
        size_t i = reverse ? w->bend - sl - k : w->bstart + k;
        if (memcmp(s + i, sub->str.s, sl) == 0) return utf8_codepoints(s, i);
    }
    return -1;
}

/* ---- join, strip, split -----------------------------------------------------------------------
 */

METHOD(str_join) {
    if (!str_args(in, args, "join", 1, 1, ARITY_FIXED, loc)) return NULL;
    List *items = iterate_to_list(in, args->pos[0], loc);
    if (!items) return NULL;
    StrBuf sb;
    strbuf_init(&sb, in->arena);
    for (int i = 0; i < items->len; i++) {
        Value *v = items->items[i];
        if (v->kind != VAL_STR)
            return vm_type_error(in, loc, "sequence item %d: expected str instance, %s found", i,
                                 value_type_name(v));
        if (i) strbuf_putn(&sb, self->str.s, self->str.len);
        strbuf_putn(&sb, v->str.s, v->str.len);
    }
    return buf_value(in, &sb);
}

static Value *strip(Interp *in, Value *self, CallArgs *args, SrcLoc loc, const char *fname,
                    bool left, bool right) {
    if (!str_args(in, args, fname, 0, 1, ARITY_UNPACK, loc)) return NULL;
    const char *chars = NULL;
    size_t chars_len = 0;
    if (args->npos == 1 && args->pos[0]->kind != VAL_NONE) {
        if (args->pos[0]->kind != VAL_STR)
            return vm_type_error(in, loc, "%s arg must be None or str", fname);
        chars = args->pos[0]->str.s, chars_len = args->pos[0]->str.len;
    }
    /* Whole code points: whitespace (str.isspace), or those of chars. */
    const char *t = self->str.s;
    size_t b = 0, e = self->str.len, k;
    while (left && b < e) {
        k = chars ? cp_bytes(t, e, b) : space_at(t, e, b);
        if (!k || (chars && !cp_in(chars, chars_len, t + b, k))) break;
        b += k;
    }
    while (right && e > b) {
        k = chars ? e - cp_start_before(t, e) : space_before(t, e);
        if (!k || (chars && !cp_in(chars, chars_len, t + e - k, k))) break;
        e -= k;
    }
    return str_of(in, t + b, e - b);
}

METHOD(str_strip) { return strip(in, self, args, loc, "strip", true, true); }
METHOD(str_lstrip) { return strip(in, self, args, loc, "lstrip", true, false); }
METHOD(str_rstrip) { return strip(in, self, args, loc, "rstrip", false, true); }

/* split and rsplit: sep None splits runs of whitespace (the unsplit rest keeps its
   whitespace on the far side, as CPython's split_whitespace does). */
static Value *split(Interp *in, Value *self, CallArgs *args, SrcLoc loc, bool reverse) {
    static const char *const names[] = {"sep", "maxsplit"};
    const char *fname = reverse ? "rsplit" : "split";
    Value *a[2];
    int64_t maxsplit = -1;
    if (!str_kwargs(in, args, fname, names, 2, a, loc)) return NULL;
    if (a[1] && !need_int(in, a[1], &maxsplit, loc)) return NULL;
    if (maxsplit < 0) maxsplit = INT64_MAX;
    const char *s = self->str.s;
    int64_t n = (int64_t)self->str.len;
    Value *r = value_list(in->arena, 0);
    List *out = r->list;
    if (!a[0] || a[0]->kind == VAL_NONE) {
        size_t i = 0, e = (size_t)n, k;
        if (!reverse) {
            while (maxsplit-- > 0) {
                while (i < e && (k = space_at(s, e, i))) i += k;
                if (i == e) break;
                size_t j = i;
                while (i < e && !space_at(s, e, i)) i += cp_bytes(s, e, i);
                list_append(in->arena, out, str_of(in, s + j, i - j));
            }
            while (i < e && (k = space_at(s, e, i))) i += k;
            if (i < e) list_append(in->arena, out, str_of(in, s + i, e - i));
            return r;
        }
        while (maxsplit-- > 0) {
            while (e > 0 && (k = space_before(s, e))) e -= k;
            if (e == 0) break;
            size_t j = e;
            while (e > 0 && !space_before(s, e)) e = cp_start_before(s, e);
            list_append(in->arena, out, str_of(in, s + e, j - e));
        }
        while (e > 0 && (k = space_before(s, e))) e -= k;
        if (e > 0) list_append(in->arena, out, str_of(in, s, e));
    } else {
        if (a[0]->kind != VAL_STR)
            return vm_type_error(in, loc, "must be str or None, not %s", value_type_name(a[0]));
        const char *sep = a[0]->str.s;
        int64_t sl = (int64_t)a[0]->str.len;
        if (sl == 0) return vm_raise(in, EXC_VALUE_ERROR, loc, "empty separator");
        if (!reverse) {
            int64_t start = 0;
            for (int64_t i = 0; i + sl <= n && maxsplit > 0;) {
                if (memcmp(s + i, sep, (size_t)sl) == 0) {
                    list_append(in->arena, out, str_of(in, s + start, (size_t)(i - start)));
                    start = i += sl;
                    maxsplit--;
                } else {
                    i++;
                }
            }
            list_append(in->arena, out, str_of(in, s + start, (size_t)(n - start)));
            return r;
        }
        int64_t end = n;
        for (int64_t i = n - sl; i >= 0 && maxsplit > 0;) {
            if (memcmp(s + i, sep, (size_t)sl) == 0) {
                list_append(in->arena, out, str_of(in, s + i + sl, (size_t)(end - i - sl)));
                end = i;
                i -= sl;
                maxsplit--;
            } else {
                i--;
            }
        }
        list_append(in->arena, out, str_of(in, s, (size_t)end));
    }
    for (int i = 0, j = out->len - 1; i < j; i++, j--) { /* rsplit collected right to left */
        Value *t = out->items[i];
        out->items[i] = out->items[j];
        out->items[j] = t;
    }
    return r;
}

METHOD(str_split) { return split(in, self, args, loc, false); }
METHOD(str_rsplit) { return split(in, self, args, loc, true); }

/* The length in bytes of the line break at s[i] (0: none): \n \r \r\n \v \f \x1c \x1d
   \x1e, and U+0085 U+2028 U+2029 in UTF-8, as str.splitlines knows them. */
static size_t line_break(const char *s, size_t n, size_t i) {
    unsigned char c = (unsigned char)s[i];
    if (c == '\r') return i + 1 < n && s[i + 1] == '\n' ? 2 : 1;
    if (c == '\n' || c == '\v' || c == '\f' || (c >= 0x1c && c <= 0x1e)) return 1;
    if (c == 0xc2 && i + 1 < n && (unsigned char)s[i + 1] == 0x85) return 2;
    if (c == 0xe2 && i + 2 < n && (unsigned char)s[i + 1] == 0x80 &&
        ((unsigned char)s[i + 2] == 0xa8 || (unsigned char)s[i + 2] == 0xa9))
        return 3;
    return 0;
}

METHOD(str_splitlines) {
    static const char *const names[] = {"keepends"};
    Value *a[1];
    int64_t keepends = 0;
    if (!str_kwargs(in, args, "splitlines", names, 1, a, loc)) return NULL;
    if (a[0] && !need_int(in, a[0], &keepends, loc)) return NULL;
    const char *s = self->str.s;
    size_t n = self->str.len;
    Value *r = value_list(in->arena, 0);
    for (size_t i = 0, start = 0; i < n; start = i) {
        size_t brk = 0;
        while (i < n && !(brk = line_break(s, n, i))) i++;
        size_t eol = i;
        i += brk;
        if (keepends) eol = i;
        list_append(in->arena, r->list, str_of(in, s + start, eol - start));
    }
    return r;
}

/* partition and rpartition: (before, sep, after) around the first (last) sep. */
static Value *partition(Interp *in, Value *self, CallArgs *args, SrcLoc loc, bool reverse) {
    if (!str_args(in, args, reverse ? "rpartition" : "partition", 1, 1, ARITY_FIXED, loc))
        return NULL;
    Value *sep = args->pos[0];
    if (!need_str(in, sep, "must be", loc)) return NULL;
    if (sep->str.len == 0) return vm_raise(in, EXC_VALUE_ERROR, loc, "empty separator");
    const char *s = self->str.s;
    size_t n = self->str.len, sl = sep->str.len;
    Value *empty = value_str(in->arena, "", 0);
    Value *r = value_tuple(in->arena, 3);
    Value **parts = r->list->items;
    parts[0] = reverse ? empty : self, parts[1] = empty, parts[2] = reverse ? self : empty;
    for (size_t k = 0; k + sl <= n; k++) {
        size_t i = reverse ? n - sl - k : k;
        if (memcmp(s + i, sep->str.s, sl) == 0) {
            parts[0] = str_of(in, s, i);
            parts[1] = sep;
            parts[2] = str_of(in, s + i + sl, n - i - sl);
            break;
        }
    }
    return r;
}

METHOD(str_partition) { return partition(in, self, args, loc, false); }
METHOD(str_rpartition) { return partition(in, self, args, loc, true); }

METHOD(str_replace) {
    if (!str_args(in, args, "replace", 2, 3, ARITY_UNPACK, loc)) return NULL;
    if (!need_str(in, args->pos[0], "replace() argument 1 must be", loc) ||
        !need_str(in, args->pos[1], "replace() argument 2 must be", loc))
        return NULL;
    int64_t count = -1;
    if (args->npos == 3 && !need_int(in, args->pos[2], &count, loc)) return NULL;
    const char *old = args->pos[0]->str.s, *new = args->pos[1]->str.s;
    size_t ol = args->pos[0]->str.len, nl = args->pos[1]->str.len;
    StrBuf sb;
    strbuf_init(&sb, in->arena);
    const char *s = self->str.s;
    size_t n = self->str.len;
    for (size_t i = 0; i <= n;) {
        if (count != 0 && (ol == 0 || (i + ol <= n && memcmp(s + i, old, ol) == 0))) {
            strbuf_putn(&sb, new, nl);
            if (count > 0) count--;
            if (ol == 0) { /* "" matches between code points */
                size_t cl = i < n ? cp_bytes(s, n, i) : 1;
                if (i < n) strbuf_putn(&sb, s + i, cl);
                i += cl;
            } else {
                i += ol;
            }
        } else {
            if (i < n) strbuf_putc(&sb, s[i]);
            i++;
        }
    }
    return buf_value(in, &sb);
}

METHOD(str_removeprefix) {
    if (!str_args(in, args, "removeprefix", 1, 1, ARITY_FIXED, loc)) return NULL;
    const Value *p = args->pos[0];
    if (p->kind != VAL_STR) /* CPython's %R of the type: "None" for None */
        return vm_type_error(in, loc, "removeprefix() argument must be str, not %s",
                             p->kind == VAL_NONE ? "None" : value_type_name(p));
    if (p->str.len <= self->str.len && memcmp(self->str.s, p->str.s, p->str.len) == 0)
        return str_of(in, self->str.s + p->str.len, self->str.len - p->str.len);
    return self;
}

METHOD(str_removesuffix) {
    if (!str_args(in, args, "removesuffix", 1, 1, ARITY_FIXED, loc)) return NULL;
    const Value *p = args->pos[0];
    if (p->kind != VAL_STR) /* CPython's %R of the type: "None" for None */
        return vm_type_error(in, loc, "removesuffix() argument must be str, not %s",
                             p->kind == VAL_NONE ? "None" : value_type_name(p));
    if (p->str.len && p->str.len <= self->str.len &&
        memcmp(self->str.s + self->str.len - p->str.len, p->str.s, p->str.len) == 0)
        return str_of(in, self->str.s, self->str.len - p->str.len);
    return self;
}

/* ---- searching: find rfind index rindex count startswith endswith -------------------------------
 */

static Value *find(Interp *in, Value *self, CallArgs *args, SrcLoc loc, const char *fname,
                   bool reverse, bool raise) {
    Window w;
    if (!str_args(in, args, fname, 1, 3, ARITY_PARSE, loc) ||
        !str_window(in, self, args, 1, &w, loc) || !need_str(in, args->pos[0], "must be", loc))
        return NULL;
    int64_t i = find_in(self, args->pos[0], &w, reverse);
    if (i < 0 && raise) return vm_raise(in, EXC_VALUE_ERROR, loc, "substring not found");
    return value_int(in->arena, i);
}

METHOD(str_find) { return find(in, self, args, loc, "find", false, false); }
METHOD(str_rfind) { return find(in, self, args, loc, "rfind", true, false); }
METHOD(str_index) { return find(in, self, args, loc, "index", false, true); }
METHOD(str_rindex) { return find(in, self, args, loc, "rindex", true, true); }

METHOD(str_count) {
    Window w;
    if (!str_args(in, args, "count", 1, 3, ARITY_PARSE, loc) ||
        !str_window(in, self, args, 1, &w, loc) || !need_str(in, args->pos[0], "must be", loc))
        return NULL;
    const Value *sub = args->pos[0];
    if (w.end < w.start) return value_int(in->arena, 0);
    if (sub->str.len == 0) return value_int(in->arena, w.end - w.start + 1);
    int64_t n = 0;
    for (size_t i = w.bstart; i + sub->str.len <= w.bend;)
        if (memcmp(self->str.s + i, sub->str.s, sub->str.len) == 0) n++, i += sub->str.len;
        else i++;
    return value_int(in->arena, n);
}

static Value *starts_ends(Interp *in, Value *self, CallArgs *args, SrcLoc loc, bool ends) {
    const char *fname = ends ? "endswith" : "startswith";
    Window w;
    if (!str_args(in, args, fname, 1, 3, ARITY_PARSE, loc) ||
        !str_window(in, self, args, 1, &w, loc))
        return NULL;
    Value *p = args->pos[0];
    if (p->kind != VAL_STR && p->kind != VAL_TUPLE)
        return vm_type_error(in, loc, "%s first arg must be str or a tuple of str, not %s", fname,
                             value_type_name(p));
    List single = {.items = &p, .len = 1};
    List *options = p->kind == VAL_TUPLE ? p->list : &single;
    for (int i = 0; i < options->len; i++) { /* CPython checks each item as it gets to it */
        const Value *o = options->items[i];
        if (o->kind != VAL_STR)
            return vm_type_error(in, loc, "tuple for %s must only contain str, not %s", fname,
                                 value_type_name(o));
        size_t ol = o->str.len;
        if (w.end - utf8_codepoints(o->str.s, ol) < w.start || w.bend - w.bstart < ol) continue;
        if (memcmp(self->str.s + (ends ? w.bend - ol : w.bstart), o->str.s, ol) == 0)
            return value_bool(true);
    }
    return value_bool(false);
}

METHOD(str_startswith) { return starts_ends(in, self, args, loc, false); }
METHOD(str_endswith) { return starts_ends(in, self, args, loc, true); }

/* ---- character classes: isalpha isdigit ... -----------------------------------------------------
 */

/* Every code point has one of flags (UNI_*), and there is at least one. */
static Value *all_of(Interp *in, Value *self, CallArgs *args, SrcLoc loc, const char *fname,
                     unsigned flags) {
    if (!str_args(in, args, fname, 0, 0, ARITY_FIXED, loc)) return NULL;
    for (size_t i = 0; i < self->str.len;)
        if (!unicode_has(utf8_decode_next(self->str.s, self->str.len, &i), flags))
            return value_bool(false);
    return value_bool(self->str.len > 0);
}

METHOD(str_isalpha) { return all_of(in, self, args, loc, "isalpha", UNI_ALPHA); }
METHOD(str_isalnum) {
    return all_of(in, self, args, loc, "isalnum",
                  UNI_ALPHA | UNI_DECIMAL | UNI_DIGIT | UNI_NUMERIC);
}
METHOD(str_isspace) { return all_of(in, self, args, loc, "isspace", UNI_SPACE); }
METHOD(str_isdigit) { return all_of(in, self, args, loc, "isdigit", UNI_DIGIT); }
METHOD(str_isdecimal) { return all_of(in, self, args, loc, "isdecimal", UNI_DECIMAL); }
METHOD(str_isnumeric) { return all_of(in, self, args, loc, "isnumeric", UNI_NUMERIC); }

/* All printable: the empty string is too. */
METHOD(str_isprintable) {
    if (!str_args(in, args, "isprintable", 0, 0, ARITY_FIXED, loc)) return NULL;
    for (size_t i = 0; i < self->str.len;)
        if (!unicode_has(utf8_decode_next(self->str.s, self->str.len, &i), UNI_PRINTABLE))
            return value_bool(false);
    return value_bool(true);
}

/* All ASCII (code points below 0x80): the empty string is too. */
METHOD(str_isascii) {
    if (!str_args(in, args, "isascii", 0, 0, ARITY_FIXED, loc)) return NULL;
    for (size_t i = 0; i < self->str.len; i++)
        if ((unsigned char)self->str.s[i] >= 0x80) return value_bool(false);
    return value_bool(true);
}

/* isupper/islower: at least one cased character and none of the other case (a
   titlecase letter, 'ǅ', is of neither). */
static Value *is_case(Interp *in, Value *self, CallArgs *args, SrcLoc loc, bool upper) {
    if (!str_args(in, args, upper ? "isupper" : "islower", 0, 0, ARITY_FIXED, loc)) return NULL;
    unsigned other = (upper ? UNI_LOWER : UNI_UPPER) | UNI_TITLE,
             same = upper ? UNI_UPPER : UNI_LOWER;
    bool cased = false;
    for (size_t i = 0; i < self->str.len;) {
        uint32_t c = utf8_decode_next(self->str.s, self->str.len, &i);
        if (unicode_has(c, other)) return value_bool(false);
        cased |= unicode_has(c, same);
    }
    return value_bool(cased);
}

METHOD(str_isupper) { return is_case(in, self, args, loc, true); }
METHOD(str_islower) { return is_case(in, self, args, loc, false); }

/* Upper (or title) case only after an uncased character, lower case only after a
   cased one, and at least one cased character. */
METHOD(str_istitle) {
    if (!str_args(in, args, "istitle", 0, 0, ARITY_FIXED, loc)) return NULL;
    bool cased = false, previous_cased = false;
    for (size_t i = 0; i < self->str.len;) {
        uint32_t c = utf8_decode_next(self->str.s, self->str.len, &i);
        if (unicode_has(c, UNI_UPPER | UNI_TITLE)) {
            if (previous_cased) return value_bool(false);
            previous_cased = cased = true;
        } else if (unicode_has(c, UNI_LOWER)) {
            if (!previous_cased) return value_bool(false);
            previous_cased = cased = true;
        } else {
            previous_cased = false;
        }
    }
    return value_bool(cased);
}

/* XID_Start or '_', then XID_Continue (CPython does not NFKC-normalise here). */
METHOD(str_isidentifier) {
    if (!str_args(in, args, "isidentifier", 0, 0, ARITY_FIXED, loc)) return NULL;
    for (size_t i = 0; i < self->str.len;) {
        bool first = i == 0;
        uint32_t c = utf8_decode_next(self->str.s, self->str.len, &i);
        if (!(first ? c == '_' || unicode_has(c, UNI_XID_START) : unicode_has(c, UNI_XID_CONTINUE)))
            return value_bool(false);
    }
    return value_bool(self->str.len > 0);
}

/* ---- case mapping: full mappings ('ß'.upper() is 'SS'), final sigma
 * ------------------------------ */

typedef enum { CASE_UPPER, CASE_LOWER, CASE_FOLD, CASE_SWAP, CASE_TITLE, CASE_CAPITALIZE } CaseMap;

/* Capital sigma lowers to final 'ς' after a cased letter and not before one, skipping
   case-ignorable characters (apostrophes, combining marks) both ways; else to 'σ'. */
static uint32_t lower_sigma(const uint32_t *cps, size_t n, size_t i) {
    size_t j = i;
    while (j > 0 && unicode_has(cps[j - 1], UNI_CASE_IGNORABLE)) j--;
    if (j == 0 || !unicode_has(cps[j - 1], UNI_CASED)) return 0x3c3;
    j = i + 1;
    while (j < n && unicode_has(cps[j], UNI_CASE_IGNORABLE)) j++;
    return j == n || !unicode_has(cps[j], UNI_CASED) ? 0x3c2 : 0x3c3;
}

/* Appends the lower case of cps[i], as CPython's lower_ucs4. */
static void put_lower(StrBuf *sb, const uint32_t *cps, size_t n, size_t i) {
    if (cps[i] != 0x3a3) {
        unicode_put_mapped(sb, cps[i], MAP_LOWER);
        return;
    }
    char buf[4];
    strbuf_putn(sb, buf, (size_t)utf8_encode(lower_sigma(cps, n, i), buf));
}

static Value *map_case(Interp *in, Value *self, CallArgs *args, SrcLoc loc, const char *fname,
                       CaseMap how) {
    if (!str_args(in, args, fname, 0, 0, ARITY_FIXED, loc)) return NULL;
    size_t n;
    uint32_t *cps = decode_all(in, self, &n);
    StrBuf sb;
    strbuf_init(&sb, in->arena);
    bool previous_cased = false;
    for (size_t i = 0; i < n; i++) {
        uint32_t c = cps[i];
        switch (how) {
        case CASE_UPPER: unicode_put_mapped(&sb, c, MAP_UPPER); break;
        case CASE_LOWER: put_lower(&sb, cps, n, i); break;
        case CASE_FOLD: unicode_put_mapped(&sb, c, MAP_FOLD); break;
        case CASE_SWAP:
            if (unicode_has(c, UNI_UPPER)) put_lower(&sb, cps, n, i);
            else if (unicode_has(c, UNI_LOWER)) unicode_put_mapped(&sb, c, MAP_UPPER);
            else unicode_put_mapped(&sb, c, -1);
            break;
        case CASE_TITLE: /* title case after an uncased character, lower case after a cased one */
            if (previous_cased) put_lower(&sb, cps, n, i);
            else unicode_put_mapped(&sb, c, MAP_TITLE);
            previous_cased = unicode_has(c, UNI_CASED);
            break;
        case CASE_CAPITALIZE:
            if (i == 0) unicode_put_mapped(&sb, c, MAP_TITLE);
            else put_lower(&sb, cps, n, i);
            break;
        }
    }
    return buf_value(in, &sb);
}

METHOD(str_upper) { return map_case(in, self, args, loc, "upper", CASE_UPPER); }
METHOD(str_lower) { return map_case(in, self, args, loc, "lower", CASE_LOWER); }
METHOD(str_casefold) { return map_case(in, self, args, loc, "casefold", CASE_FOLD); }
METHOD(str_swapcase) { return map_case(in, self, args, loc, "swapcase", CASE_SWAP); }
METHOD(str_title) { return map_case(in, self, args, loc, "title", CASE_TITLE); }
METHOD(str_capitalize) { return map_case(in, self, args, loc, "capitalize", CASE_CAPITALIZE); }

/* ---- translate, maketrans
 * ------------------------------------------------------------------------ */

/* Each code point looked up (by its int) in the table: None deletes it, an int or a
   str replaces it, a LookupError (KeyError, IndexError) keeps it. */
METHOD(str_translate) {
    if (!str_args(in, args, "translate", 1, 1, ARITY_FIXED, loc)) return NULL;
    Value *table = args->pos[0];
    StrBuf sb;
    strbuf_init(&sb, in->arena);
    for (size_t i = 0; i < self->str.len;) {
        size_t at = i;
        Value *key = value_int(in->arena, utf8_decode_next(self->str.s, self->str.len, &i));
        Value *m;
        if (table->kind == VAL_DICT) {
            m = dict_get(table->dict, key);
        } else if (!(m = get_item(in, table, key, loc))) {
            if (!exception_is(in, in->exc, EXC_LOOKUP_ERROR)) return NULL;
            in->exc = NULL;
        }
        if (!m) {
            strbuf_putn(&sb, self->str.s + at, i - at);
        } else if (m->kind == VAL_STR) {
            strbuf_putn(&sb, m->str.s, m->str.len);
        } else if (m->kind == VAL_INT || m->kind == VAL_BOOL) {
            int64_t c = m->kind == VAL_INT ? m->i : m->b;
            if (c < 0 || c > 0x10ffff)
                return vm_raise(in, EXC_VALUE_ERROR, loc,
                                "character mapping must be in range(0x110000)");
            char buf[4];
            strbuf_putn(&sb, buf, (size_t)utf8_encode((uint32_t)c, buf));
        } else if (m->kind != VAL_NONE) {
            return vm_type_error(in, loc, "character mapping must return integer, None or str");
        }
    }
    return buf_value(in, &sb);
}

/* A static method: str.maketrans(dict) with str keys made ints, or
   str.maketrans(from, to[, delete]). self (an instance it was read through) is unused. */
METHOD(str_maketrans) {
    (void)self;
    if (!str_args(in, args, "maketrans", 1, 3, ARITY_UNPACK, loc)) return NULL;
    for (int k = 1; k < args->npos; k++)
        if (args->pos[k]->kind != VAL_STR)
            return vm_type_error(in, loc, "maketrans() argument %d must be str, not %s", k + 1,
                                 value_type_name(args->pos[k]));
    Value *x = args->pos[0], *r = value_dict(in->arena);
    if (args->npos == 1) {
        if (x->kind != VAL_DICT)
            return vm_type_error(in, loc,
                                 "if you give only one argument to maketrans it must be a dict");
        for (int i = 0; i < x->dict->nentries; i++) {
            Value *key = x->dict->entries[i].key;
            if (!key) continue;
            if (key->kind == VAL_STR) {
                size_t j = 0;
                if (utf8_codepoints(key->str.s, key->str.len) != 1)
                    return vm_raise(in, EXC_VALUE_ERROR, loc,
                                    "string keys in translate table must be of length 1");
                key = value_int(in->arena, utf8_decode_next(key->str.s, key->str.len, &j));
            } else if (key->kind != VAL_INT && key->kind != VAL_BOOL) {
                return vm_type_error(in, loc,
                                     "keys in translate table must be strings or integers");
            }
            dict_set(in->arena, r->dict, key, x->dict->entries[i].value);
        }
        return r;
    }
    if (x->kind != VAL_STR)
        return vm_type_error(
            in, loc, "first maketrans argument must be a string if there is a second argument");
    const Value *y = args->pos[1];
    if (utf8_codepoints(x->str.s, x->str.len) != utf8_codepoints(y->str.s, y->str.len))
        return vm_raise(in, EXC_VALUE_ERROR, loc,
                        "the first two maketrans arguments must have equal length");
    for (size_t i = 0, j = 0; i < x->str.len;) {
        Value *from = value_int(in->arena, utf8_decode_next(x->str.s, x->str.len, &i));
        dict_set(in->arena, r->dict, from,
                 value_int(in->arena, utf8_decode_next(y->str.s, y->str.len, &j)));
    }
    if (args->npos == 3) {
        const Value *z = args->pos[2];
        for (size_t i = 0; i < z->str.len;)
            dict_set(in->arena, r->dict,
                     value_int(in->arena, utf8_decode_next(z->str.s, z->str.len, &i)),
                     value_none());
    }
    return r;
}

/* ---- padding: zfill center ljust rjust expandtabs (widths in code points) -----------------------
 */

static void put_fill(StrBuf *sb, const char *fill, size_t fill_len, int64_t count) {
    for (int64_t i = 0; i < count; i++) strbuf_putn(sb, fill, fill_len);
}

/* align: '<' ljust, '>' rjust, '^' center (CPython's center puts the odd fill on the
   left when both the margin and the width are odd). */
static Value *justify(Interp *in, Value *self, CallArgs *args, SrcLoc loc, const char *fname,
                      char align) {
    int64_t width;
    if (!str_args(in, args, fname, 1, 2, ARITY_UNPACK, loc) ||
        !need_int(in, args->pos[0], &width, loc))
        return NULL;
    const char *fill = " ";
    size_t fill_len = 1;
    if (args->npos == 2) {
        const Value *f = args->pos[1];
        if (f->kind != VAL_STR)
            return vm_type_error(in, loc, "The fill character must be a unicode character, not %s",
                                 value_type_name(f));
        if (utf8_codepoints(f->str.s, f->str.len) != 1)
            return vm_type_error(in, loc, "The fill character must be exactly one character long");
        fill = f->str.s, fill_len = f->str.len;
    }
    int64_t margin = width - utf8_codepoints(self->str.s, self->str.len);
    if (margin <= 0) return self;
    if (!str_size_ok(in, margin, (int64_t)fill_len, (int64_t)self->str.len, loc)) return NULL;
    int64_t left = align == '<' ? 0 : align == '>' ? margin : margin / 2 + (margin & width & 1);
    StrBuf sb;
    strbuf_init(&sb, in->arena);
    put_fill(&sb, fill, fill_len, left);
    strbuf_putn(&sb, self->str.s, self->str.len);
    put_fill(&sb, fill, fill_len, margin - left);
    return buf_value(in, &sb);
}

METHOD(str_center) { return justify(in, self, args, loc, "center", '^'); }
METHOD(str_ljust) { return justify(in, self, args, loc, "ljust", '<'); }
METHOD(str_rjust) { return justify(in, self, args, loc, "rjust", '>'); }

/* Zeros on the left, after a leading sign. */
METHOD(str_zfill) {
    int64_t width;
    if (!str_args(in, args, "zfill", 1, 1, ARITY_FIXED, loc) ||
        !need_int(in, args->pos[0], &width, loc))
        return NULL;
    int64_t margin = width - utf8_codepoints(self->str.s, self->str.len);
    if (margin <= 0) return self;
    if (!str_size_ok(in, margin, 1, (int64_t)self->str.len, loc)) return NULL;
    const char *s = self->str.s;
    size_t sign = self->str.len && (s[0] == '+' || s[0] == '-');
    StrBuf sb;
    strbuf_init(&sb, in->arena);
    strbuf_putn(&sb, s, sign);
    put_fill(&sb, "0", 1, margin);
    strbuf_putn(&sb, s + sign, self->str.len - sign);
    return buf_value(in, &sb);
}

/* Each tab becomes spaces up to the next multiple of tabsize; the column restarts after
   \n and \r. */
METHOD(str_expandtabs) {
    static const char *const names[] = {"tabsize"};
    Value *a[1];
    int64_t tabsize = 8, column = 0;
    if (!str_kwargs(in, args, "expandtabs", names, 1, a, loc)) return NULL;
    if (a[0] && !need_int(in, a[0], &tabsize, loc)) return NULL;
    if (tabsize > INT32_MAX || tabsize < INT32_MIN)
        return vm_raise(in, EXC_OVERFLOW_ERROR, loc, "Python int too large to convert to C int");
    StrBuf sb;
    strbuf_init(&sb, in->arena);
    for (size_t i = 0; i < self->str.len; i++) {
        char c = self->str.s[i];
        if (c == '\t') {
            if (tabsize > 0) {
                int64_t spaces = tabsize - column % tabsize;
                if (!str_size_ok(in, spaces, 1, (int64_t)sb.len, loc)) return NULL;
                put_fill(&sb, " ", 1, spaces);
                column += spaces;
            }
            continue;
        }
        strbuf_putc(&sb, c);
        if (c == '\n' || c == '\r') column = 0;
        else if (((unsigned char)c & 0xc0) != 0x80) column++;
    }
    return buf_value(in, &sb);
}

/* ---- format ------------------------------------------------------------------------------------
 */

/* str.format's work on the text s: auto-numbered fields ({}) count on in *auto_index,
   shared with the fields nested in a format spec ("{:>{}}"). */
static Value *format_text(Interp *in, const char *s, size_t len, CallArgs *args, int *auto_index,
                          SrcLoc loc) {
    StrBuf sb;
    strbuf_init(&sb, in->arena);
    for (size_t i = 0; i < len; i++) {
        char c = s[i];
        if (c == '}' ) {
            if (s[i + 1] == '}') i++;
            else
                return vm_raise(in, EXC_VALUE_ERROR, loc,
                                "Single '}' encountered in format string");
            strbuf_putc(&sb, '}');
            continue;
        }
        if (c != '{') {
            strbuf_putc(&sb, c);
            continue;
        }
        if (s[i + 1] == '{') {
            strbuf_putc(&sb, '{');
            i++;
            continue;
        }
        size_t j = i + 1;
        int depth = 1;
        while (j < len && depth) {
            if (s[j] == '{') depth++;
            else if (s[j] == '}') depth--;
            if (depth) j++;
        }
        if (j >= len)
            return vm_raise(in, EXC_VALUE_ERROR, loc, "expected '}' before end of string");
        const char *field = arena_strndup(in->arena, s + i + 1, j - i - 1);
        i = j;
        char *spec = strchr(field, ':');
        char *conv = strchr(field, '!');
        if (spec && conv && conv > spec) conv = NULL;
        if (spec) *spec++ = '\0';
        char conversion = 0;
        if (conv) {
            conversion = conv[1];
            *conv = '\0';
        }
        Value *v;
        size_t name_len = strcspn(field, ".[");
        if (name_len == 0) {
            if (*auto_index >= args->npos)
                return vm_raise(in, EXC_INDEX_ERROR, loc,
                                "Replacement index %d out of range for positional args tuple",
                                *auto_index);
            v = args->pos[(*auto_index)++];
        } else if (field[0] >= '0' && field[0] <= '9') {
            int idx = atoi(field);
            if (idx >= args->npos)
                return vm_raise(in, EXC_INDEX_ERROR, loc,
                                "Replacement index %d out of range for positional args tuple", idx);
            v = args->pos[idx];
        } else {
            const char *name = arena_intern(in->arena, field, name_len);
            v = NULL;
            for (int k = 0; k < args->nkw; k++)
                if (args->kw_names[k] == name) v = args->kw_values[k];
            if (!v) return vm_raise(in, EXC_KEY_ERROR, loc, "'%s'", name);
        }
        for (const char *p = field + name_len; *p;) {
            if (*p == '.') {
                size_t n = strcspn(p + 1, ".[");
                v = get_attribute(in, v, arena_intern(in->arena, p + 1, n), loc);
                p += 1 + n;
            } else {
                const char *close = strchr(p, ']');
                if (!close)
                    return vm_raise(in, EXC_VALUE_ERROR, loc, "Missing ']' in format string");
                const char *key = arena_strndup(in->arena, p + 1, (size_t)(close - p - 1));
                char *endp;
                long idx = strtol(key, &endp, 10);
                Value *kv =
                    *endp == '\0' && *key ? value_int(in->arena, idx) : value_cstr(in->arena, key);
                v = get_item(in, v, kv, loc);
                p = close + 1;
            }
            if (!v) return NULL;
        }
        if (conversion) {
            if (!strchr("rsa", conversion))
                return vm_raise(in, EXC_VALUE_ERROR, loc, "Unknown conversion specifier %c",
                                conversion);
        }
        /* !r, !s, !a turn v into text first: the host still sees what is shown. */
        if (conversion && in->hooks.format && !in->hooks.format(in, v, loc)) return NULL;
        if (conversion &&
            !(conversion == 's' && v->kind == VAL_STR)) { /* str(s) is s, NULs included */
            const char *text = conversion == 's' ? py_str(in, v, loc)
                             : conversion == 'a' ? py_ascii(in, v, loc) : py_repr(in, v, loc);
            if (!text) return NULL;
            v = value_cstr(in->arena, text);
        }
        if (spec && strchr(spec, '{')) {
            /* nested fields in the spec: format the spec itself first */
            Value *formatted = format_text(in, spec, strlen(spec), args, auto_index, loc);
            if (!formatted) return NULL;
            spec = (char *)formatted->str.s;
        }
        Value *piece = format_value(in, v, spec ? spec : "", loc);
        if (!piece) return NULL;
        strbuf_putn(&sb, piece->str.s, piece->str.len);
    }
    return value_str(in->arena, sb.len ? sb.data : "", sb.len);
}

/* str.format: {} {0} {name} {x.attr} {0[1]} with !r/!s and format specs. */
METHOD(str_format) {
    int auto_index = 0;
    return format_text(in, self->str.s, self->str.len, args, &auto_index, loc);
}

typedef struct StrMethod {
    const char *name;
    BuiltinFn fn;
} StrMethod;

#define M(name) {#name, method_str_##name}
static const StrMethod str_methods[] = {
    M(join),      M(split),       M(rsplit),       M(splitlines), M(strip),        M(lstrip),
    M(rstrip),    M(partition),   M(rpartition),   M(replace),    M(removeprefix), M(removesuffix),
    M(find),      M(rfind),       M(index),        M(rindex),     M(count),        M(startswith),
    M(endswith),  M(isalpha),     M(isalnum),      M(isspace),    M(isdigit),      M(isdecimal),
    M(isnumeric), M(isprintable), M(isascii),      M(translate),  M(maketrans),    M(isupper),
    M(islower),   M(istitle),     M(isidentifier), M(upper),      M(lower),        M(casefold),
    M(swapcase),  M(title),       M(capitalize),   M(center),     M(ljust),        M(rjust),
    M(zfill),     M(expandtabs),  M(format),
};
#undef M

Value *str_method(Interp *in, Value *self, const char *name) {
    for (size_t i = 0; i < sizeof str_methods / sizeof str_methods[0]; i++)
        if (strcmp(str_methods[i].name, name) == 0) /* maketrans is static: it binds nothing */
            return value_builtin(in->arena, str_methods[i].name, str_methods[i].fn,
                                 str_methods[i].fn == method_str_maketrans ? NULL : self);
    return NULL;
}
