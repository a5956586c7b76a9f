/* eval.c — expressions: Python semantics on Python values; tensors go to tensor_ops.c. */
#include <math.h>
#include <string.h>

#include "builtins.h"
#include "exceptions.h"
#include "objects.h"
#include "vm.h"

/* ---- Truth -------------------------------------------------------------------------- */

bool value_truthy(Interp *in, Value *v, SrcLoc loc, bool *ok) {
    *ok = true;
    switch (v->kind) {
    case VAL_NONE: return false;
    case VAL_BOOL: return v->b;
    case VAL_INT: return v->i != 0;
    case VAL_FLOAT: return v->f != 0;
    case VAL_STR: return v->str.len != 0;
    case VAL_LIST:
    case VAL_TUPLE: return v->list->len != 0;
    case VAL_DICT: return v->dict->count != 0;
    case VAL_SET: return v->set->used != 0;
    case VAL_DICT_VIEW: return v->view.dict->count != 0;
    case VAL_RANGE: {
        int64_t s = v->range.start, e = v->range.stop, st = v->range.step;
        return st > 0 ? s < e : s > e;
    }
    case VAL_INSTANCE: return instance_truthy(in, v, loc, ok);
    default: {
        const ForeignType *type = value_foreign(v);
        return type && type->truth ? type->truth(in, v, loc, ok) : true;
    }
    }
}

/* ---- Numbers ----------------------------------------------------------------------------- */

static bool as_double(const Value *v, double *out) {
    switch (v->kind) {
    case VAL_BOOL: *out = v->b; return true;
    case VAL_INT: *out = (double)v->i; return true;
    case VAL_FLOAT: *out = v->f; return true;
    default: return false;
    }
}

static bool is_intlike(const Value *v) { return v->kind == VAL_INT || v->kind == VAL_BOOL; }
static int64_t as_int(const Value *v) { return v->kind == VAL_INT ? v->i : (int64_t)v->b; }

static Value *overflow(Interp *in, SrcLoc loc) {
    return vm_raise(in, EXC_OVERFLOW_ERROR, loc,
                    "integer result does not fit in 64 bits (ingot's int is 64-bit)");
}

static int64_t floor_div_i(int64_t a, int64_t b) {
    int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0))) q--;
    return q;
}

static int64_t floor_mod_i(int64_t a, int64_t b) {
    int64_t r = a % b;
    if (r != 0 && ((r < 0) != (b < 0))) r += b;
    return r;
}

/* CPython's float_divmod. */
static void float_divmod(double vx, double wx, double *floordiv, double *mod) {
    double m = fmod(vx, wx);
    double div = (vx - m) / wx;
    if (m) {
        if ((wx < 0) != (m < 0)) {
            m += wx;
            div -= 1.0;
        }
    } else {
        m = copysign(0.0, wx);
    }
    double fd;
    if (div) {
        fd = floor(div);
        if (div - fd > 0.5) fd += 1.0;
    } else {
        fd = copysign(0.0, vx / wx);
    }
    *floordiv = fd;
    *mod = m;
}

static Value *int_binop(Interp *in, BinOp op, int64_t a, int64_t b, SrcLoc loc) {
    Arena *ar = in->arena;
    int64_t r;
    switch (op) {
    case BIN_ADD:
        if (__builtin_add_overflow(a, b, &r)) return overflow(in, loc);
        return value_int(ar, r);
    case BIN_SUB:
        if (__builtin_sub_overflow(a, b, &r)) return overflow(in, loc);
        return value_int(ar, r);
    case BIN_MUL:
        if (__builtin_mul_overflow(a, b, &r)) return overflow(in, loc);
        return value_int(ar, r);
    case BIN_DIV:
        if (b == 0) return vm_raise(in, EXC_ZERO_DIVISION_ERROR, loc, "division by zero");
        return value_float(ar, (double)a / (double)b);
    case BIN_FLOORDIV:
        if (b == 0)
            return vm_raise(in, EXC_ZERO_DIVISION_ERROR, loc, "integer division or modulo by zero");
        if (a == INT64_MIN && b == -1) return overflow(in, loc);
        return value_int(ar, floor_div_i(a, b));
    case BIN_MOD:
        if (b == 0) return vm_raise(in, EXC_ZERO_DIVISION_ERROR, loc, "integer modulo by zero");
        if (b == -1) return value_int(ar, 0);
        return value_int(ar, floor_mod_i(a, b));
    case BIN_POW: {
        if (b < 0) {
            if (a == 0)
                return vm_raise(in, EXC_ZERO_DIVISION_ERROR, loc,
                                "0.0 cannot be raised to a negative power");
            return value_float(ar, pow((double)a, (double)b));
        }
        int64_t result = 1, base = a;
        for (int64_t e = b; e > 0; e >>= 1) {
            if (e & 1)
                if (__builtin_mul_overflow(result, base, &result)) return overflow(in, loc);
            if (e > 1 && __builtin_mul_overflow(base, base, &base)) return overflow(in, loc);
        }
        return value_int(ar, result);
    }
    case BIN_LSHIFT:
        if (b < 0) return vm_raise(in, EXC_VALUE_ERROR, loc, "negative shift count");
        if (a == 0) return value_int(ar, 0);
        if (b >= 64) return overflow(in, loc);
        {
            /* Shifted unsigned: a signed shift that overflows is itself undefined. The
               result fits when shifting it back gives a again. */
            int64_t shifted = (int64_t)((uint64_t)a << b);
            if ((shifted >> b) != a) return overflow(in, loc);
            return value_int(ar, shifted);
        }
    case BIN_RSHIFT:
        if (b < 0) return vm_raise(in, EXC_VALUE_ERROR, loc, "negative shift count");
        return value_int(ar, b >= 63 ? (a < 0 ? -1 : 0) : a >> b);
    case BIN_BITAND: return value_int(ar, a & b);
    case BIN_BITOR: return value_int(ar, a | b);
    case BIN_BITXOR: return value_int(ar, a ^ b);
    case BIN_MATMUL: break;
    }
    return NULL;
}

static Value *float_binop(Interp *in, BinOp op, double a, double b, SrcLoc loc) {
    Arena *ar = in->arena;
    switch (op) {
    case BIN_ADD: return value_float(ar, a + b);
    case BIN_SUB: return value_float(ar, a - b);
    case BIN_MUL: return value_float(ar, a * b);
    case BIN_DIV:
        if (b == 0) return vm_raise(in, EXC_ZERO_DIVISION_ERROR, loc, "float division by zero");
        return value_float(ar, a / b);
    case BIN_FLOORDIV:
    case BIN_MOD: {
        if (b == 0)
            return vm_raise(in, EXC_ZERO_DIVISION_ERROR, loc, "%s",
                            op == BIN_MOD ? "float modulo" : "float floor division by zero");
        double fd, m;
        float_divmod(a, b, &fd, &m);
        return value_float(ar, op == BIN_MOD ? m : fd);
    }
    case BIN_POW:
        if (a == 0 && b < 0)
            return vm_raise(in, EXC_ZERO_DIVISION_ERROR, loc,
                            "0.0 cannot be raised to a negative power");
        if (a < 0 && b != floor(b))
            return vm_not_supported(in, loc,
                                    "a negative number to a fractional power (complex result)");
        return value_float(ar, pow(a, b));
    default: return NULL;
    }
}

static Value *seq_repeat(Interp *in, Value *seq, int64_t n, SrcLoc loc) {
    if (n < 0) n = 0;
    if (seq->kind == VAL_STR) {
        /* CPython: OverflowError past PY_SSIZE_T_MAX bytes, else MemoryError when it
           cannot get them (here: past the build-time ceiling). */
        if (n && seq->str.len > (size_t)INT64_MAX / (size_t)n)
            return vm_raise(in, EXC_OVERFLOW_ERROR, loc, "repeated string is too long");
        if (!str_size_ok(in, n, (int64_t)seq->str.len, 0, loc)) return NULL;
        StrBuf sb;
        strbuf_init(&sb, in->arena);
        for (int64_t i = 0; i < n; i++) strbuf_putn(&sb, seq->str.s, seq->str.len);
        return value_str(in->arena, n ? sb.data : "", sb.len);
    }
    int len = seq->list->len;
    if (n && len > (1 << 26) / n) return vm_raise(in, EXC_MEMORY_ERROR, loc, "sequence too large");
    Value *r = seq->kind == VAL_LIST ? value_list(in->arena, (int)(len * n))
                                     : value_tuple(in->arena, (int)(len * n));
    for (int64_t i = 0; i < n; i++)
        for (int k = 0; k < len; k++) r->list->items[i * len + k] = seq->list->items[k];
    return r;
}

static Value *seq_concat(Interp *in, Value *a, Value *b) {
    if (a->kind == VAL_STR) {
        StrBuf sb;
        strbuf_init(&sb, in->arena);
        strbuf_putn(&sb, a->str.s, a->str.len);
        strbuf_putn(&sb, b->str.s, b->str.len);
        return value_str(in->arena, strbuf_cstr(&sb), sb.len);
    }
    int n = a->list->len + b->list->len;
    Value *r = a->kind == VAL_LIST ? value_list(in->arena, n) : value_tuple(in->arena, n);
    /* (An empty list may have no items array: memcpy from NULL is undefined even for 0.) */
    if (a->list->len)
        memcpy(r->list->items, a->list->items, sizeof(Value *) * (size_t)a->list->len);
    if (b->list->len)
        memcpy(r->list->items + a->list->len, b->list->items,
               sizeof(Value *) * (size_t)b->list->len);
    return r;
}


Value *eval_binop(Interp *in, BinOp op, Value *a, Value *b, SrcLoc loc) {
    bool handled;
    /* An instance on the left, or on the right with the reflected method ("%s" % obj
       formats obj: str's own operator goes first). */
    if (a->kind == VAL_INSTANCE ||
        (b->kind == VAL_INSTANCE && special_method(in, b, in->dunder.rbinop[op])))
        return instance_binop(in, op, a, b, loc, &handled);
    /* A foreign value on either side: its type's operator (the left one's first). */
    const ForeignType *ta = value_foreign(a), *tb = value_foreign(b);
    if (ta && ta->binop) return ta->binop(in, op, a, b, loc);
    if (tb && tb->binop) return tb->binop(in, op, a, b, loc);
    /* Keys and items views are set-like: d.keys() & {...} is a set. */
    if ((a->kind == VAL_DICT_VIEW && a->view.which != 1) ||
        (b->kind == VAL_DICT_VIEW && b->view.which != 1)) {
        CallArgs one = {.npos = 1};
        if (a->kind == VAL_DICT_VIEW) {
            one.pos = &a;
            if (!(a = builtin_set(in, NULL, &one, loc))) return NULL;
        }
        if (b->kind == VAL_DICT_VIEW) {
            one.pos = &b;
            if (!(b = builtin_set(in, NULL, &one, loc))) return NULL;
        }
    }
    Value *r = set_binop(in, op, a, b, &handled);
    if (handled) return r;
    if (is_intlike(a) && is_intlike(b)) {
        if (op == BIN_BITAND || op == BIN_BITOR || op == BIN_BITXOR)
            if (a->kind == VAL_BOOL && b->kind == VAL_BOOL) {
                bool x = a->b, y = b->b;
                return value_bool(op == BIN_BITAND ? (x & y) : op == BIN_BITOR ? (x | y) : (x ^ y));
            }
        Value *r = int_binop(in, op, as_int(a), as_int(b), loc);
        if (r || in->exc || in->diag->errors) return r;
    } else {
        double x, y;
        if (as_double(a, &x) && as_double(b, &y)) {
            Value *r = float_binop(in, op, x, y, loc);
            if (r || in->exc || in->diag->errors) return r;
        }
    }
    if (op == BIN_ADD && a->kind == b->kind &&
        (a->kind == VAL_STR || a->kind == VAL_LIST || a->kind == VAL_TUPLE))
        return seq_concat(in, a, b);
    if (op == BIN_MUL) {
        if ((a->kind == VAL_STR || value_is_sequence(a)) && is_intlike(b))
            return seq_repeat(in, a, as_int(b), loc);
        if ((b->kind == VAL_STR || value_is_sequence(b)) && is_intlike(a))
            return seq_repeat(in, b, as_int(a), loc);
    }
    if (op == BIN_MOD && a->kind == VAL_STR) return builtin_percent_format(in, a, b, loc);
    if (op == BIN_BITOR && a->kind == VAL_DICT && b->kind == VAL_DICT) {
        Value *r = value_dict(in->arena);
        for (int pass = 0; pass < 2; pass++) {
            Dict *d = pass ? b->dict : a->dict;
            for (int i = 0; i < d->nentries; i++)
                if (d->entries[i].key)
                    dict_set(in->arena, r->dict, d->entries[i].key, d->entries[i].value);
        }
        return r;
    }
    /* CPython's sequence operators word their errors their own way. */
    if (op == BIN_ADD && (a->kind == VAL_STR || a->kind == VAL_LIST || a->kind == VAL_TUPLE) &&
        b->kind != VAL_INSTANCE)
        return vm_type_error(in, loc, "can only concatenate %s (not \"%s\") to %s",
                             value_type_name(a), value_type_name(b), value_type_name(a));
    if (op == BIN_MUL &&
        (a->kind == VAL_STR || value_is_sequence(a) || b->kind == VAL_STR ||
         value_is_sequence(b)) &&
        a->kind != VAL_INSTANCE && b->kind != VAL_INSTANCE) {
        Value *other = a->kind == VAL_STR || value_is_sequence(a) ? b : a;
        return vm_type_error(in, loc, "can't multiply sequence by non-int of type '%s'",
                             value_type_name(other));
    }
    return vm_type_error(in, loc, "unsupported operand type(s) for %s: '%s' and '%s'",
                         op == BIN_POW ? "** or pow()" : ast_binop_symbol(op), value_type_name(a),
                         value_type_name(b));
}

/* ---- Comparisons ------------------------------------------------------------------------- */

static int compare_order(Interp *in, Value *a, Value *b, CmpOp op, SrcLoc loc, bool *ok);

static bool sequence_less(Interp *in, List *a, List *b, CmpOp op, SrcLoc loc, bool *ok) {
    int n = a->len < b->len ? a->len : b->len;
    for (int i = 0; i < n; i++) {
        if (value_equal(a->items[i], b->items[i])) continue;
        if (in->exc) return *ok = false;
        return compare_order(in, a->items[i], b->items[i], op, loc, ok);
    }
    switch (op) {
    case CMP_LT: return a->len < b->len;
    case CMP_LE: return a->len <= b->len;
    case CMP_GT: return a->len > b->len;
    default: return a->len >= b->len;
    }
}

/* <, <=, >, >= on Python values; each is one level of the recursion limit. */
static int compare_order_at(Interp *in, Value *a, Value *b, CmpOp op, SrcLoc loc, bool *ok);

static int compare_order(Interp *in, Value *a, Value *b, CmpOp op, SrcLoc loc, bool *ok) {
    if (!value_depth_enter(" in comparison")) return *ok = false;
    int r = compare_order_at(in, a, b, op, loc, ok);
    value_depth_leave();
    return r;
}

static int compare_order_at(Interp *in, Value *a, Value *b, CmpOp op, SrcLoc loc, bool *ok) {
    bool handled;
    if (a->kind == VAL_INSTANCE || b->kind == VAL_INSTANCE) {
        Value *r = instance_compare(in, op, a, b, loc, &handled);
        *ok = r != NULL;
        return r ? value_truthy(in, r, loc, ok) : 0;
    }
    double x, y;
    *ok = true;
    if (is_intlike(a) && is_intlike(b)) {
        int64_t p = as_int(a), q = as_int(b);
        return op == CMP_LT ? p < q : op == CMP_LE ? p <= q : op == CMP_GT ? p > q : p >= q;
    }
    if (value_is_number(a) && value_is_number(b)) {
        int c = number_compare(a, b);
        if (c == 2) return false; /* NaN: every ordering is false */
        return op == CMP_LT ? c < 0 : op == CMP_LE ? c <= 0 : op == CMP_GT ? c > 0 : c >= 0;
    }
    if (as_double(a, &x) && as_double(b, &y))
        return op == CMP_LT ? x < y : op == CMP_LE ? x <= y : op == CMP_GT ? x > y : x >= y;
    if (a->kind == VAL_STR && b->kind == VAL_STR) {
        size_t n = a->str.len < b->str.len ? a->str.len : b->str.len;
        int c = memcmp(a->str.s, b->str.s, n);
        if (c == 0) c = (a->str.len > b->str.len) - (a->str.len < b->str.len);
        return op == CMP_LT ? c < 0 : op == CMP_LE ? c <= 0 : op == CMP_GT ? c > 0 : c >= 0;
    }
    if (a->kind == b->kind && value_is_sequence(a))
        return sequence_less(in, a->list, b->list, op, loc, ok);
    *ok = false;
    vm_type_error(in, loc, "'%s' not supported between instances of '%s' and '%s'",
                  ast_cmpop_symbol(op), value_type_name(a), value_type_name(b));
    return 0;
}

bool py_equal(Interp *in, Value *a, Value *b, SrcLoc loc, bool *ok) {
    *ok = true;
    if (a == b) return true; /* identity first, as CPython's containers compare */
    if (a->kind != VAL_INSTANCE && b->kind != VAL_INSTANCE) return value_equal(a, b);
    Value *eq = eval_compare(in, CMP_EQ, a, b, loc);
    if (!eq) return *ok = false;
    return value_truthy(in, eq, loc, ok);
}

static Value *contains(Interp *in, Value *container, Value *item, SrcLoc loc) {
    switch (container->kind) {
    case VAL_LIST:
    case VAL_TUPLE:
        for (int i = 0; i < container->list->len; i++) {
            bool ok;
            if (py_equal(in, container->list->items[i], item, loc, &ok)) return value_bool(true);
            if (!ok) return NULL;
        }
        return value_bool(false);
    case VAL_INSTANCE: return instance_contains(in, container, item, loc);
    case VAL_DICT: {
        if (!check_hashable(in, item, loc)) return NULL;
        bool found = dict_get(container->dict, item) != NULL;
        return in->exc ? NULL : value_bool(found);
    }
    case VAL_DICT_VIEW: {
        const Dict *d = container->view.dict;
        if (container->view.which == 0)
            return check_hashable(in, item, loc) ? value_bool(dict_get(d, item)) : NULL;
        if (container->view.which == 2) {
            if (item->kind != VAL_TUPLE || item->list->len != 2) return value_bool(false);
            if (!check_hashable(in, item->list->items[0], loc)) return NULL;
            Value *v = dict_get(d, item->list->items[0]);
            return value_bool(v && value_equal(v, item->list->items[1]));
        }
        List *values = dict_view_items(in->arena, container);
        for (int i = 0; i < values->len; i++)
            if (value_equal(values->items[i], item)) return value_bool(true);
        return value_bool(false);
    }
    case VAL_SET: {
        bool found;
        if (!set_contains(container->set, item, &found))
            return in->exc ? NULL
                           : vm_type_error(in, loc, "unhashable type: '%s'", value_type_name(item));
        return in->exc ? NULL : value_bool(found);
    }
    case VAL_STR:
        if (item->kind != VAL_STR)
            return vm_type_error(in, loc, "'in <string>' requires string as left operand, not %s",
                                 value_type_name(item));
        if (item->str.len == 0) return value_bool(true);
        for (size_t i = 0; i + item->str.len <= container->str.len; i++)
            if (memcmp(container->str.s + i, item->str.s, item->str.len) == 0)
                return value_bool(true);
        return value_bool(false);
    case VAL_RANGE: {
        if (!is_intlike(item)) return value_bool(false);
        int64_t x = as_int(item), s = container->range.start, e = container->range.stop,
                st = container->range.step;
        bool inside = st > 0 ? (x >= s && x < e) : (x <= s && x > e);
        return value_bool(inside && (x - s) % st == 0);
    }
    default:
        return vm_type_error(in, loc, "argument of type '%s' is not iterable",
                             value_type_name(container));
    }
}

/* `a is b`. Values are allocated per result here, so the objects CPython keeps one
   of are compared by value: None, the bools, and the small ints it caches (-5..256);
   containers, instances and the rest by identity. */
static bool same_object(const Value *a, const Value *b) {
    if (a == b) return true;
    if (a->kind != b->kind) return false;
    switch (a->kind) {
    case VAL_NONE:
    case VAL_ELLIPSIS:
    case VAL_NOTIMPLEMENTED: return true;
    case VAL_BOOL: return a->b == b->b;
    case VAL_INT: return a->i == b->i && a->i >= -5 && a->i <= 256;
    case VAL_LIST:
    case VAL_TUPLE: return a->list == b->list;
    case VAL_DICT: return a->dict == b->dict;
    case VAL_SET: return a->set == b->set;
    case VAL_INSTANCE: return a->inst == b->inst;
    case VAL_CLASS: return a->cls == b->cls;
    case VAL_FUNCTION: return a->fn == b->fn;
    case VAL_MODULE: return a->module == b->module;
    case VAL_BUILTIN: return a->builtin == b->builtin;
    default: {
        const ForeignType *type = value_foreign(a);
        return type && type->same && type->same(a, b);
    }
    }
}

Value *eval_compare(Interp *in, CmpOp op, Value *a, Value *b, SrcLoc loc) {
    bool handled;
    if (op != CMP_IS && op != CMP_IS_NOT) {
        const ForeignType *ta = value_foreign(a), *tb = value_foreign(b);
        for (int side = 0; side < 2; side++) {
            const ForeignType *type = side ? tb : ta;
            if (!type || !type->compare) continue;
            Value *r = type->compare(in, op, a, b, loc, &handled);
            if (handled) return r;
        }
    }
    Value *r = instance_compare(in, op, a, b, loc, &handled);
    if (handled) return r;
    r = set_compare(in, op, a, b, &handled);
    if (handled) return r;
    switch (op) {
    case CMP_EQ:
    case CMP_NE: {
        bool eq = value_equal(a, b); /* false when the nesting is too deep: in->exc */
        return in->exc ? NULL : value_bool(op == CMP_EQ ? eq : !eq);
    }
    case CMP_IS: return value_bool(same_object(a, b));
    case CMP_IS_NOT: return value_bool(!same_object(a, b));
    case CMP_IN: return contains(in, b, a, loc);
    case CMP_NOT_IN: {
        Value *r = contains(in, b, a, loc);
        return r ? value_bool(!r->b) : NULL;
    }
    default: {
        bool ok;
        int r = compare_order(in, a, b, op, loc, &ok);
        return ok ? value_bool(r) : NULL;
    }
    }
}

/* ---- Iteration ----------------------------------------------------------------------------- */

static int utf8_len(unsigned char c) { return c < 0x80 ? 1 : c < 0xe0 ? 2 : c < 0xf0 ? 3 : 4; }

List *iterate_to_list(Interp *in, Value *v, SrcLoc loc) {
    List *l = ARENA_NEW(in->arena, List);
    switch (v->kind) {
    case VAL_LIST:
    case VAL_TUPLE:
        for (int i = 0; i < v->list->len; i++) list_append(in->arena, l, v->list->items[i]);
        return l;
    case VAL_RANGE: {
        int64_t s = v->range.start, e = v->range.stop, st = v->range.step;
        for (int64_t x = s; st > 0 ? x < e : x > e; x += st) {
            if (l->len >= 100000000) {
                vm_error(in, loc, "range too large to iterate at build time");
                return NULL;
            }
            list_append(in->arena, l, value_int(in->arena, x));
        }
        return l;
    }
    case VAL_DICT:
        for (int i = 0; i < v->dict->nentries; i++)
            if (v->dict->entries[i].key) list_append(in->arena, l, v->dict->entries[i].key);
        return l;
    case VAL_STR:
        for (size_t i = 0; i < v->str.len;) {
            size_t n = (size_t)utf8_len((unsigned char)v->str.s[i]);
            if (i + n > v->str.len) n = v->str.len - i;
            list_append(in->arena, l, value_str(in->arena, v->str.s + i, n));
            i += n;
        }
        return l;
    case VAL_ITERATOR: return iterator_drain(in, v->iter, loc);
    case VAL_DICT_VIEW: return dict_view_items(in->arena, v);
    case VAL_INSTANCE: {
        Value *it = instance_iter(in, v, loc);
        if (!it) return NULL;
        if (it->kind == VAL_ITERATOR) return iterator_drain(in, it->iter, loc);
        for (;;) {
            bool done;
            Value *x = instance_next(in, it, loc, &done);
            if (done) return l;
            if (!x) return NULL;
            list_append(in->arena, l, x);
        }
    }
    case VAL_SET: {
        List *l = ARENA_NEW(in->arena, List);
        int64_t pos = 0;
        Value *key;
        while (set_next(v->set, &pos, &key)) list_append(in->arena, l, key);
        return l;
    }
    default: {
        const ForeignType *type = value_foreign(v);
        if (type && type->iter) return type->iter(in, v, loc);
        vm_type_error(in, loc, "'%s' object is not iterable", value_type_name(v));
        return NULL;
    }
    }
}

static bool is_mutating_method(const char *name) {
    static const char *const mutating[] = {
        "append", "extend", "insert", "pop", "remove", "reverse", "sort", "clear", "update",
        "setdefault", "popitem", "add", "discard", "difference_update", "intersection_update",
        "symmetric_difference_update"};
    for (size_t i = 0; i < sizeof mutating / sizeof mutating[0]; i++)
        if (strcmp(name, mutating[i]) == 0) return true;
    return false;
}

/* ---- Attributes and subscripts ----------------------------------------------------------------
 */

/* str.upper and friends taken from the class: called with the instance first. self
   is the tuple (class, method name). */
static Value *call_unbound_method(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    Value *cls = self->list->items[0];
    const char *name = self->list->items[1]->str.s;
    const char *type = cls->builtin->name;
    if (args->npos < 1 || strcmp(value_type_name(args->pos[0]), type) != 0)
        return vm_type_error(in, loc,
                             "descriptor '%s' for '%s' objects doesn't apply to a '%s' object",
                             name, type, args->npos ? value_type_name(args->pos[0]) : "nothing");
    Value *bound = builtin_method(in, args->pos[0], name);
    CallArgs rest = *args;
    rest.pos++;
    rest.npos--;
    return bound->builtin->fn(in, bound->builtin->self, &rest, loc);
}

/* The methods of a built-in class (str.upper), when its instances have them. */
static Value *class_method(Interp *in, Value *cls, const char *name) {
    static const struct { const char *cls; ValueKind kind;
    } kinds[] = {{"str", VAL_STR},
                 {"list", VAL_LIST},
                 {"dict", VAL_DICT},
                 {"set", VAL_SET},
                 {"tuple", VAL_TUPLE}};
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        if (strcmp(kinds[i].cls, cls->builtin->name) != 0) continue;
        Value probe = {.kind = kinds[i].kind};
        Value empty_str = {.kind = VAL_STR, .str = {.s = "", .len = 0}};
        List no_items = {0};
        Dict no_entries = {0};
        if (kinds[i].kind == VAL_STR) probe = empty_str;
        else if (kinds[i].kind == VAL_LIST || kinds[i].kind == VAL_TUPLE) probe.list = &no_items;
        else if (kinds[i].kind == VAL_DICT) probe.dict = &no_entries;
        else probe.set = NULL;
        if (kinds[i].kind != VAL_SET) {
            Value *m = builtin_method(in, &probe, name);
            if (!m) return NULL;
            if (!m->builtin->self)
                return m; /* a static or class method (str.maketrans, dict.fromkeys) */
        }
        if (kinds[i].kind == VAL_SET && !set_method(in, &probe, name)) return NULL;
        Value *self = value_tuple(in->arena, 2);
        self->list->items[0] = cls;
        self->list->items[1] = value_cstr(in->arena, name);
        return value_builtin(in->arena, vm_intern(in, name), call_unbound_method, self);
    }
    return NULL;
}

Value *lookup_attribute(Interp *in, Value *obj, const char *name, SrcLoc loc, bool *missing) {
    *missing = false;
    const ForeignType *type = value_foreign(obj);
    if (type && type->getattr) return type->getattr(in, obj, name, loc, missing);
    switch (obj->kind) {
    case VAL_MODULE: {
        Value *v = env_get_local(obj->module->globals, name);
        if (v) return v;
        PyModule *sub = pymodule_submodule(in, obj->module, name, loc, missing);
        return sub ? sub->self : NULL;
    }
    case VAL_SLICE:
        /* A missing bound is None, as in CPython. */
        if (strcmp(name, "start") == 0) return obj->slice.start ? obj->slice.start : value_none();
        if (strcmp(name, "stop") == 0) return obj->slice.stop ? obj->slice.stop : value_none();
        if (strcmp(name, "step") == 0) return obj->slice.step ? obj->slice.step : value_none();
        break;
    case VAL_FUNCTION: {
        if (strcmp(name, "__name__") == 0) return value_cstr(in->arena, obj->fn->name);
        if (strcmp(name, "__qualname__") == 0) return value_cstr(in->arena, obj->fn->qualname);
        if (strcmp(name, "__defaults__") == 0) return function_defaults(in, obj->fn);
        if (strcmp(name, "__kwdefaults__") == 0) return function_kwdefaults(in, obj->fn);
        Value *v = obj->fn->attrs ? dict_get(obj->fn->attrs, value_cstr(in->arena, name)) : NULL;
        if (v) return v;
        if (strcmp(name, "__doc__") == 0) {
            const Node *def = obj->fn->def;
            return def->kind == AST_FUNCDEF ? docstring(in, &def->funcdef.body) : value_none();
        }
        if (strcmp(name, "__module__") == 0) return value_cstr(in->arena, obj->fn->module->name);
        break;
    }
    case VAL_INSTANCE: return instance_attribute(in, obj, vm_intern(in, name), loc, missing);
    case VAL_CLASS: return class_attribute(in, obj, vm_intern(in, name), loc, missing);
    case VAL_SUPER: return super_attribute(in, obj, vm_intern(in, name), loc, missing);
    case VAL_PROPERTY:
    case VAL_STATICMETHOD:
    case VAL_CLASSMETHOD:
    case VAL_METHOD: return descriptor_attribute(in, obj, name, loc, missing);
    case VAL_BUILTIN:
        if (strcmp(name, "__name__") == 0) return value_cstr(in->arena, obj->builtin->name);
        if (obj->builtin->is_class) {
            Value *m = class_method(in, obj, name);
            if (m) return m;
        }
        break;
    default: {
        Value *m = builtin_method(in, obj, name);
        if (m) return m;
        break;
    }
    }
    *missing = true;
    return NULL;
}

Value *docstring(Interp *in, const NodeList *body) {
    if (body->len && body->items[0]->kind == AST_EXPR_STMT &&
        body->items[0]->expr_stmt.value->kind == AST_STR) {
        const Node *str = body->items[0]->expr_stmt.value;
        return value_str(in->arena, str->str.value, str->str.len);
    }
    return value_none();
}

/* A method CPython's built-in types have and Ingot's do not: naming it is a build
   error, not an AttributeError the script could take for an answer. */
bool missing_builtin_method(const Value *obj, const char *name) {
    static const struct { ValueKind kind; const char *name; } missing[] = {
        {VAL_STR, "encode"},          {VAL_STR, "format_map"},    {VAL_INT, "bit_length"},
        {VAL_INT, "to_bytes"},        {VAL_INT, "as_integer_ratio"}, {VAL_INT, "conjugate"},
        {VAL_FLOAT, "is_integer"},    {VAL_FLOAT, "hex"},         {VAL_FLOAT, "as_integer_ratio"},
        {VAL_FLOAT, "conjugate"},
    };
    bool builtin_value = obj->kind == VAL_STR || obj->kind == VAL_INT || obj->kind == VAL_FLOAT ||
                         obj->kind == VAL_LIST || obj->kind == VAL_TUPLE || obj->kind == VAL_DICT ||
                         obj->kind == VAL_SET || obj->kind == VAL_BOOL;
    size_t n = strlen(name);
    if (builtin_value && n > 4 && strncmp(name, "__", 2) == 0 && strcmp(name + n - 2, "__") == 0)
        return true;
    for (size_t i = 0; i < sizeof missing / sizeof missing[0]; i++)
        if (missing[i].kind == obj->kind && strcmp(missing[i].name, name) == 0) return true;
    return false;
}

/* A name TensorFlow has and the module does not yet: listed in the module's
   __ingot_missing__ (a tuple of str; the stdlib's tensorflow/_missing.py). */
static bool listed_missing(Interp *in, PyModule *m, const char *name) {
    Value *list = env_get_local(m->globals, vm_intern(in, "__ingot_missing__"));
    if (!list || (list->kind != VAL_TUPLE && list->kind != VAL_LIST)) return false;
    for (int i = 0; i < list->list->len; i++) {
        Value *item = list->list->items[i];
        if (item->kind == VAL_STR && strcmp(item->str.s, name) == 0) return true;
    }
    return false;
}

/* module.name that is not there: Ingot's "not supported yet" for a TensorFlow name it
   lacks, else CPython 3.12's AttributeError with its "Did you mean" among the module's
   names. */
static Value *missing_module_attribute(Interp *in, PyModule *m, const char *name, SrcLoc loc) {
    if (listed_missing(in, m, name)) {
        const char *module = strncmp(m->name, "tensorflow", 10) == 0
                                 ? arena_printf(in->arena, "tf%s", m->name + 10)
                                 : m->name;
        return vm_not_supported(in, loc, arena_printf(in->arena, "%s.%s", module, name));
    }
    Env *g = m->globals;
    const char **names = ARENA_ARRAY(in->arena, const char *, g->count + 1);
    int n = 0;
    for (int i = 0; i < g->cap; i++)
        if (g->slots[i].name && g->slots[i].value && n < g->count) names[n++] = g->slots[i].name;
    vm_raise(in, EXC_ATTRIBUTE_ERROR, loc, "module '%s' has no attribute '%s'", m->name, name);
    if (in->exc) in->exc->inst->exc->suggestion = vm_suggest(name, names, n);
    return NULL;
}

/* The attribute of a script's instance or class nearest to name: among the instance's
   own and its classes' (the MRO's, object's aside), as CPython's dir() lists them. */
static const char *suggest_attribute(Interp *in, Value *obj, const char *name) {
    PyClass *cls = obj->kind == VAL_INSTANCE ? obj->inst->cls : obj->cls;
    int cap = 16, n = 0;
    if (obj->kind == VAL_INSTANCE) cap += obj->inst->attrs->dict->nentries;
    for (int k = 0; k < cls->nmro; k++) cap += cls->mro[k]->dict ? cls->mro[k]->dict->count : 0;
    const char **names = ARENA_ARRAY(in->arena, const char *, cap);
    if (obj->kind == VAL_INSTANCE) {
        Dict *d = obj->inst->attrs->dict;
        for (int i = 0; i < d->nentries && n < cap; i++)
            if (d->entries[i].key && d->entries[i].key->kind == VAL_STR)
                names[n++] = d->entries[i].key->str.s;
    }
    for (int k = 0; k < cls->nmro; k++) {
        Env *e = cls->mro[k]->dict;
        if (!e || cls->mro[k]->is_builtin) continue;
        for (int i = 0; i < e->cap && n < cap; i++)
            if (e->slots[i].name && e->slots[i].value) names[n++] = e->slots[i].name;
    }
    return vm_suggest(name, names, n);
}

Value *get_attribute(Interp *in, Value *obj, const char *name, SrcLoc loc) {
    bool missing;
    Value *v = lookup_attribute(in, obj, name, loc, &missing);
    if (v || !missing) return v;
    if (missing_builtin_method(obj, name))
        return vm_not_supported(in, loc,
                                arena_printf(in->arena, "'%s.%s'", value_type_name(obj), name));
    if (obj->kind == VAL_MODULE) return missing_module_attribute(in, obj->module, name, loc);
    if (obj->kind == VAL_CLASS)
        vm_raise(in, EXC_ATTRIBUTE_ERROR, loc, "type object '%s' has no attribute '%s'",
                 obj->cls->name, name);
    else
        vm_raise(in, EXC_ATTRIBUTE_ERROR, loc, "'%s' object has no attribute '%s'",
                 value_type_name(obj), name);
    if (in->exc && (obj->kind == VAL_INSTANCE || obj->kind == VAL_CLASS))
        in->exc->inst->exc->suggestion = suggest_attribute(in, obj, name);
    return NULL;
}

/* Normalises a Python slice over a sequence of length len (CPython's PySlice_AdjustIndices). */
static bool slice_indices(Interp *in, Value *slice, int64_t len, int64_t *start, int64_t *stop,
                          int64_t *step, SrcLoc loc) {
    Value *vs[3] = {slice->slice.start, slice->slice.stop, slice->slice.step};
    for (int i = 0; i < 3; i++)
        if (vs[i]->kind != VAL_NONE && !is_intlike(vs[i])) {
            vm_type_error(in, loc,
                          "slice indices must be integers or None or have an __index__ method");
            return false;
        }
    *step = vs[2]->kind == VAL_NONE ? 1 : as_int(vs[2]);
    if (*step == 0) {
        vm_raise(in, EXC_VALUE_ERROR, loc, "slice step cannot be zero");
        return false;
    }
    int64_t lower = *step < 0 ? -1 : 0, upper = *step < 0 ? len - 1 : len;
    for (int k = 0; k < 2; k++) {
        int64_t *out = k == 0 ? start : stop;
        if (vs[k]->kind == VAL_NONE) {
            *out = (*step < 0) == (k == 0) ? upper : lower;
            continue;
        }
        int64_t x = as_int(vs[k]);
        if (x < 0) {
            x += len;
            if (x < lower) x = lower;
        } else if (x > upper) {
            x = upper;
        }
        *out = x;
    }
    return true;
}

/* The byte offset of each code point of a UTF-8 string, and its end (n + 1 offsets):
   Python indexes strings by code point. */
static const int64_t *codepoint_offsets(Arena *a, const Value *s, int64_t *n) {
    int64_t *off = ARENA_ARRAY(a, int64_t, s->str.len + 1);
    int64_t count = 0;
    for (size_t i = 0; i < s->str.len;) {
        off[count++] = (int64_t)i;
        size_t step = (size_t)utf8_len((unsigned char)s->str.s[i]);
        i = i + step > s->str.len ? s->str.len : i + step;
    }
    off[count] = (int64_t)s->str.len;
    *n = count;
    return off;
}

bool list_set_slice(Interp *in, List *l, Value *slice, Value *value, SrcLoc loc) {
    int64_t start, stop, step;
    if (!slice_indices(in, slice, l->len, &start, &stop, &step, loc)) return false;
    List *items = NULL;
    if (value) {
        /* Copied first: x[a:b] = x reads x before it changes. */
        List *src = iterate_to_list(in, value, loc);
        if (!src) return false;
        items = ARENA_NEW(in->arena, List);
        for (int i = 0; i < src->len; i++) list_append(in->arena, items, src->items[i]);
    }
    if (step == 1) {
        if (stop < start) stop = start;
        int64_t n = items ? items->len : 0, removed = stop - start, len = l->len;
        List old = *l;
        Value **copy = ARENA_ARRAY(in->arena, Value *, len + 1);
        memcpy(copy, old.items, sizeof(Value *) * (size_t)len);
        l->len = 0;
        for (int64_t i = 0; i < start; i++) list_append(in->arena, l, copy[i]);
        for (int64_t i = 0; i < n; i++) list_append(in->arena, l, items->items[i]);
        for (int64_t i = start + removed; i < len; i++) list_append(in->arena, l, copy[i]);
        return true;
    }
    int64_t count = 0;
    for (int64_t i = start; step > 0 ? i < stop : i > stop; i += step) count++;
    if (items) {
        if (items->len != count) {
            vm_raise(in, EXC_VALUE_ERROR, loc,
                     "attempt to assign sequence of size %d to extended slice of size %lld",
                     items->len, (long long)count);
            return false;
        }
        int64_t k = 0;
        for (int64_t i = start; step > 0 ? i < stop : i > stop; i += step)
            l->items[i] = items->items[k++];
        return true;
    }
    /* del x[a:b:c]: keep the items the slice does not name. */
    bool *gone = ARENA_ARRAY(in->arena, bool, l->len + 1);
    for (int64_t i = start; step > 0 ? i < stop : i > stop; i += step) gone[i] = true;
    int keep = 0;
    for (int i = 0; i < l->len; i++)
        if (!gone[i]) l->items[keep++] = l->items[i];
    l->len = keep;
    return true;
}

static Value *slice_sequence(Interp *in, Value *obj, Value *slice, SrcLoc loc) {
    int64_t ncp = 0;
    const int64_t *off = obj->kind == VAL_STR ? codepoint_offsets(in->arena, obj, &ncp) : NULL;
    int64_t len = obj->kind == VAL_STR ? ncp : obj->list->len;
    int64_t start, stop, step;
    if (!slice_indices(in, slice, len, &start, &stop, &step, loc)) return NULL;
    if (obj->kind == VAL_STR) {
        StrBuf sb;
        strbuf_init(&sb, in->arena);
        for (int64_t i = start; step > 0 ? i < stop : i > stop; i += step)
            strbuf_putn(&sb, obj->str.s + off[i], (size_t)(off[i + 1] - off[i]));
        return value_str(in->arena, sb.len ? sb.data : "", sb.len);
    }
    Value *r = obj->kind == VAL_LIST ? value_list(in->arena, 0) : value_tuple(in->arena, 0);
    for (int64_t i = start; step > 0 ? i < stop : i > stop; i += step)
        list_append(in->arena, r->list, obj->list->items[i]);
    return r;
}

Value *get_item(Interp *in, Value *obj, Value *index, SrcLoc loc) {
    if (obj->kind == VAL_INSTANCE) return instance_get_item(in, obj, index, loc);
    const ForeignType *type = value_foreign(obj), *index_type = value_foreign(index);
    if (type && type->getitem) return type->getitem(in, obj, index, loc);
    if (index_type && index_type->index &&
        (obj->kind == VAL_LIST || obj->kind == VAL_TUPLE || obj->kind == VAL_STR)) {
        /* A foreign value that is an int now (an eager integer scalar: __index__). */
        if (!(index = index_type->index(in, index, loc))) return NULL;
    }
    if (obj->kind == VAL_DICT) {
        if (!check_hashable(in, index, loc)) return NULL;
        Value *v = dict_get(obj->dict, index);
        if (in->exc) return NULL;
        return v ? v : vm_key_error(in, index, loc);
    }
    if (obj->kind == VAL_LIST || obj->kind == VAL_TUPLE || obj->kind == VAL_STR) {
        if (index->kind == VAL_SLICE) return slice_sequence(in, obj, index, loc);
        if (!is_intlike(index))
            return vm_type_error(in, loc, "%s indices must be integers or slices, not %s",
                                 obj->kind == VAL_STR ? "string" : value_type_name(obj),
                                 value_type_name(index));
        int64_t ncp = 0;
        const int64_t *off = obj->kind == VAL_STR ? codepoint_offsets(in->arena, obj, &ncp) : NULL;
        int64_t len = obj->kind == VAL_STR ? ncp : obj->list->len;
        int64_t i = as_int(index);
        if (i < 0) i += len;
        if (i < 0 || i >= len)
            return vm_raise(in, EXC_INDEX_ERROR, loc, "%s index out of range",
                            obj->kind == VAL_STR ? "string" : value_type_name(obj));
        if (obj->kind == VAL_STR)
            return value_str(in->arena, obj->str.s + off[i], (size_t)(off[i + 1] - off[i]));
        return obj->list->items[i];
    }
    if (obj->kind == VAL_RANGE && index->kind == VAL_SLICE) {
        /* A range of the range's values at those indexes, as CPython computes it. */
        int64_t s = obj->range.start, e = obj->range.stop, st = obj->range.step;
        int64_t n =
            st > 0 ? (e > s ? (e - s + st - 1) / st : 0) : (s > e ? (s - e - st - 1) / -st : 0);
        int64_t a, b, k;
        if (!slice_indices(in, index, n, &a, &b, &k, loc)) return NULL;
        Value *r = ARENA_NEW(in->arena, Value);
        r->kind = VAL_RANGE;
        r->range.start = s + a * st;
        r->range.stop = s + b * st;
        r->range.step = st * k;
        return r;
    }
    if (obj->kind == VAL_RANGE && is_intlike(index)) {
        int64_t s = obj->range.start, e = obj->range.stop, st = obj->range.step;
        int64_t n =
            st > 0 ? (e > s ? (e - s + st - 1) / st : 0) : (s > e ? (s - e - st - 1) / -st : 0);
        int64_t i = as_int(index);
        if (i < 0) i += n;
        if (i < 0 || i >= n)
            return vm_raise(in, EXC_INDEX_ERROR, loc, "range object index out of range");
        return value_int(in->arena, s + i * st);
    }
    return vm_type_error(in, loc, "'%s' object is not subscriptable", value_type_name(obj));
}

/* ---- Expressions ------------------------------------------------------------------------------
 */

/* The names bound in env, into names[0..] (at most cap); their count. */
static int bound_names(Env *env, const char **names, int cap) {
    int n = 0;
    for (int i = 0; i < env->cap && n < cap; i++)
        if (env->slots[i].name && env->slots[i].value) names[n++] = env->slots[i].name;
    return n;
}

/* The name in scope nearest to a misspelt one, as CPython's NameError suggests it: from
   the function's locals (and enclosing scopes') first, else the module's globals, else
   the builtins. */
static const char *suggest_name(Interp *in, Env *env, const char *name) {
    Env *globals = env->module ? env->module->globals : NULL;
    int cap = 0;
    for (Env *e = env; e && e != globals; e = e->parent) cap += e->count;
    const char **names = ARENA_ARRAY(in->arena, const char *, cap + 1);
    int n = 0;
    for (Env *e = env; e && e != globals; e = e->parent) n += bound_names(e, names + n, cap - n);
    const char *near = vm_suggest(name, names, n);
    if (!near && globals) {
        names = ARENA_ARRAY(in->arena, const char *, globals->count + 1);
        near = vm_suggest(name, names, bound_names(globals, names, globals->count));
    }
    if (!near) {
        names = ARENA_ARRAY(in->arena, const char *, in->builtins->count + 1);
        near = vm_suggest(name, names, bound_names(in->builtins, names, in->builtins->count));
    }
    return near;
}

static Value *eval_name(Interp *in, Env *env, const Node *e) {
    Value *v = env_lookup(in, env, e->name.id);
    if (v) return v;
    /* A function's local (by the scope analysis) that is not assigned yet. */
    if (env != env->module->globals && env_declares(env, e->name.id))
        return vm_raise(in, EXC_UNBOUND_LOCAL_ERROR, e->loc,
                        "cannot access local variable '%s' where it is not associated "
                        "with a value",
                        e->name.id);
    /* CPython builtins outside the subset: a build error that names them, not a
       NameError a script could catch. */
    static const char *const unsupported[] = {
        "eval",   "exec",    "compile",    "open",       "input",      "globals",
        "locals", "dir",     "__import__", "breakpoint", "memoryview", "bytearray",
        "bytes",  "complex", "frozenset",  "aiter",      "anext",      "help",
        "exit",   "quit",    "copyright",  "credits",    "license",    "__build_class__"};
    for (size_t i = 0; i < sizeof unsupported / sizeof unsupported[0]; i++)
        if (strcmp(e->name.id, unsupported[i]) == 0)
            return vm_not_supported(in, e->loc,
                                    arena_printf(in->arena, "the builtin '%s'", e->name.id));
    vm_raise(in, EXC_NAME_ERROR, e->loc, "name '%s' is not defined", e->name.id);
    if (in->exc) in->exc->inst->exc->suggestion = suggest_name(in, env, e->name.id);
    return NULL;
}

static bool eval_into_list(Interp *in, Env *env, const NodeList *elts, List *out) {
    for (int i = 0; i < elts->len; i++) {
        const Node *e = elts->items[i];
        if (e->kind == AST_STARRED) {
            Value *v = eval(in, env, e->starred.value);
            List *items = v ? iterate_to_list(in, v, e->loc) : NULL;
            if (!items) return false;
            for (int k = 0; k < items->len; k++) list_append(in->arena, out, items->items[k]);
        } else {
            Value *v = eval(in, env, e);
            if (!v) return false;
            list_append(in->arena, out, v);
        }
    }
    return true;
}

/* obj.attr for the AST_ATTRIBUTE node e, obj already evaluated: a mutating method of a
   list, dict or set being read (to be called) is a change to obj, which the host hears
   of (it warns when obj, `seen` or `self.log`, outlives the trace). */
static Value *read_attribute(Interp *in, Env *env, const Node *e, Value *obj) {
    if (in->watch_stores &&
        (obj->kind == VAL_LIST || obj->kind == VAL_DICT || obj->kind == VAL_SET) &&
        is_mutating_method(e->attribute.attr))
        vm_watch_mutation(in, env, e->attribute.value, obj,
                          arena_printf(in->arena, "changed ('%s')", e->attribute.attr), NULL,
                          e->loc);
    return get_attribute(in, obj, e->attribute.attr, e->loc);
}

/* obj.method(...) on an instance whose class defines method as a plain function: the
   function, with obj to pass first, without making a bound method (CPython's
   LOAD_METHOD). NULL with *self NULL otherwise: evaluate the callee as usual. */
static Value *method_of_instance(Interp *in, Env *env, const Node *func, Value **self) {
    *self = NULL;
    if (func->kind != AST_ATTRIBUTE) return NULL;
    Value *obj = eval(in, env, func->attribute.value);
    if (!obj) return NULL;
    *self = obj;
    if (obj->kind != VAL_INSTANCE) return NULL;
    Value *attr = class_lookup(obj->inst->cls, func->attribute.attr);
    if (!attr || attr->kind != VAL_FUNCTION || instance_get(obj, func->attribute.attr)) return NULL;
    return attr;
}

static Value *eval_call(Interp *in, Env *env, const Node *e) {
    Value *self;
    Value *callee = method_of_instance(in, env, e->call.func, &self);
    List pos = {0};
    if (callee) {
        list_append(in->arena, &pos, self);
    } else {
        if (e->call.func->kind == AST_ATTRIBUTE) {
            /* The object is evaluated once: its attribute is read from the value. */
            if (!self) return NULL;
            callee = read_attribute(in, env, e->call.func, self);
        } else {
            callee = eval(in, env, e->call.func);
        }
        if (!callee) return NULL;
    }
    if (!eval_into_list(in, env, &e->call.args, &pos)) return NULL;
    CallArgs args = {.pos = pos.items, .npos = pos.len};
    int cap = e->call.keywords.len;
    for (int i = 0; i < e->call.keywords.len; i++) {
        const Node *kw = e->call.keywords.items[i];
        Value *v = eval(in, env, kw->keyword.value);
        if (!v) return NULL;
        if (kw->keyword.name) {
            if (args.nkw == cap || !args.kw_names) {
                cap = cap * 2 + 4;
                args.kw_names = arena_grow(in->arena, args.kw_names, sizeof(char *),
                                           (size_t)args.nkw, (size_t)cap);
                args.kw_values = arena_grow(in->arena, args.kw_values, sizeof(Value *),
                                            (size_t)args.nkw, (size_t)cap);
            }
            for (int k = 0; k < args.nkw; k++)
                if (args.kw_names[k] == kw->keyword.name)
                    return vm_raise(in, EXC_SYNTAX_ERROR, kw->loc, "keyword argument repeated: %s",
                                    kw->keyword.name);
            args.kw_names[args.nkw] = kw->keyword.name;
            args.kw_values[args.nkw++] = v;
            continue;
        }
        if (v->kind != VAL_DICT)
            return vm_type_error(in, kw->loc, "argument after ** must be a mapping, not %s",
                                 value_type_name(v));
        for (int k = 0; k < v->dict->nentries; k++) {
            DictEntry *de = &v->dict->entries[k];
            if (!de->key) continue;
            if (de->key->kind != VAL_STR)
                return vm_type_error(in, kw->loc, "keywords must be strings");
            if (args.nkw == cap || !args.kw_names) {
                cap = cap * 2 + 4;
                args.kw_names = arena_grow(in->arena, args.kw_names, sizeof(char *),
                                           (size_t)args.nkw, (size_t)cap);
                args.kw_values = arena_grow(in->arena, args.kw_values, sizeof(Value *),
                                            (size_t)args.nkw, (size_t)cap);
            }
            args.kw_names[args.nkw] = vm_intern(in, de->key->str.s);
            args.kw_values[args.nkw++] = de->value;
        }
    }
    return call_from_script(in, callee, &args, e->loc);
}

/* Runs the generators of a comprehension, calling emit for each innermost element. */
typedef bool (*EmitFn)(Interp *in, Env *env, const Node *comp, Value *acc);

static bool run_generators(Interp *in, Env *env, const Node *comp, int g, Value *acc, EmitFn emit) {
    if (g == comp->comp.generators.len) return emit(in, env, comp, acc);
    const Node *gen = comp->comp.generators.items[g];
    /* The first iterable is evaluated in the enclosing scope, as in Python. */
    Value *it = eval(in, g == 0 ? env->parent ? env : env : env, gen->comprehension.iter);
    List *items = it ? iterate_to_list(in, it, gen->comprehension.iter->loc) : NULL;
    if (!items) return false;
    for (int i = 0; i < items->len; i++) {
        if (!assign_target(in, env, gen->comprehension.target, items->items[i])) return false;
        bool keep = true;
        for (int k = 0; k < gen->comprehension.ifs.len && keep; k++) {
            Value *c = eval(in, env, gen->comprehension.ifs.items[k]);
            bool ok;
            if (!c) return false;
            keep = value_truthy(in, c, gen->comprehension.ifs.items[k]->loc, &ok);
            if (!ok) return false;
        }
        if (keep && !run_generators(in, env, comp, g + 1, acc, emit)) return false;
    }
    return true;
}

static bool emit_list_item(Interp *in, Env *env, const Node *comp, Value *acc) {
    Value *v = eval(in, env, comp->comp.elt);
    if (!v) return false;
    list_append(in->arena, acc->list, v);
    return true;
}

static bool emit_dict_item(Interp *in, Env *env, const Node *comp, Value *acc) {
    Value *k = eval(in, env, comp->comp.key);
    Value *v = k ? eval(in, env, comp->comp.value) : NULL;
    if (!v) return false;
    if (!check_hashable(in, k, comp->comp.key->loc)) return false;
    dict_set(in->arena, acc->dict, k, v);
    return true;
}

static bool emit_set_item(Interp *in, Env *env, const Node *comp, Value *acc) {
    Value *v = eval(in, env, comp->comp.elt);
    if (!v) return false;
    return set_add_checked(in, acc->set, v, comp->comp.elt->loc);
}

/* What CPython's compiler folds to a constant: literals, signed or combined numbers,
   tuples of constants. */
static bool is_constant(const Node *e) {
    switch (e->kind) {
    case AST_INT:
    case AST_FLOAT:
    case AST_STR:
    case AST_BYTES:
    case AST_TRUE:
    case AST_FALSE:
    case AST_NONE:
    case AST_ELLIPSIS: return true;
    case AST_UNARYOP: return is_constant(e->unaryop.operand);
    case AST_BINOP: return is_constant(e->binop.left) && is_constant(e->binop.right);
    case AST_TUPLE:
        for (int i = 0; i < e->seq.elts.len; i++)
            if (!is_constant(e->seq.elts.items[i])) return false;
        return true;
    default: return false;
    }
}

static bool all_constant(const NodeList *elts) {
    for (int i = 0; i < elts->len; i++)
        if (!is_constant(elts->items[i])) return false;
    return true;
}

static Value *eval_comprehension(Interp *in, Env *env, const Node *e) {
    /* A comprehension has its own scope: its loop variables don't leak. Locals of the
       enclosing function stay visible through the parent link. */
    Env *scope = env_new(in, env, env->module, e);
    if (e->kind == AST_GENEXP) {
        /* Lazy: only the first iterable is evaluated now, in the enclosing scope. */
        const Node *first = e->comp.generators.items[0]->comprehension.iter;
        Value *it = eval(in, env, first);
        List *items = it ? iterate_to_list(in, it, first->loc) : NULL;
        return items ? genexp_new(in, scope, e, items) : NULL;
    }
    Value *acc = e->kind == AST_DICTCOMP ? value_dict(in->arena)
               : e->kind == AST_SETCOMP ? value_set(in->arena)
                                        : value_list(in->arena, 0);
    /* CPython 3.11 runs a comprehension as a function: a frame of the recursion limit
       and of tracebacks. */
    if (!frame_enter(in, true, e->loc)) return NULL;
    PyFrame frame = {.call_loc = e->loc,
                     .parent = in->py_chain,
                     .callee_name = e->kind == AST_DICTCOMP  ? "<dictcomp>"
                                    : e->kind == AST_SETCOMP ? "<setcomp>"
                                                             : "<listcomp>"};
    const PyFrame *saved = in->py_chain;
    in->py_chain = &frame;
    bool ok = run_generators(in, scope, e, 0, acc,
                             e->kind == AST_DICTCOMP  ? emit_dict_item
                             : e->kind == AST_SETCOMP ? emit_set_item
                                                      : emit_list_item);
    in->py_chain = saved;
    frame_leave(in, true);
    return ok ? acc : NULL;
}

static Value *eval_fstring(Interp *in, Env *env, const Node *e);

static Value *eval_formatted(Interp *in, Env *env, const Node *e) {
    Value *v = eval(in, env, e->formatted.value);
    if (!v) return NULL;
    /* !r, !s, !a turn v into text first: the host still sees what is shown. */
    if (e->formatted.conversion != CONV_NONE && in->hooks.format &&
        !in->hooks.format(in, v, e->loc))
        return NULL;
    if (e->formatted.conversion != CONV_NONE &&
        !(e->formatted.conversion == CONV_STR && v->kind == VAL_STR)) {
        const char *text = e->formatted.conversion == CONV_STR     ? py_str(in, v, e->loc)
                           : e->formatted.conversion == CONV_ASCII ? py_ascii(in, v, e->loc)
                                                                   : py_repr(in, v, e->loc);
        if (!text) return NULL;
        v = value_cstr(in->arena, text);
    }
    const char *spec = "";
    if (e->formatted.format_spec) {
        Value *s = eval_fstring(in, env, e->formatted.format_spec);
        if (!s) return NULL;
        spec = s->str.s;
    }
    return format_value(in, v, spec, e->loc);
}

static Value *eval_fstring(Interp *in, Env *env, const Node *e) {
    StrBuf sb;
    strbuf_init(&sb, in->arena);
    for (int i = 0; i < e->fstring.values.len; i++) {
        const Node *part = e->fstring.values.items[i];
        Value *v =
            part->kind == AST_FORMATTED ? eval_formatted(in, env, part) : eval(in, env, part);
        if (!v) return NULL;
        strbuf_putn(&sb, v->str.s, v->str.len);
    }
    return value_str(in->arena, strbuf_cstr(&sb), sb.len);
}

static Value *eval_unary(Interp *in, Env *env, const Node *e) {
    Value *v = eval(in, env, e->unaryop.operand);
    if (!v) return NULL;
    if (e->unaryop.op == UNARY_NOT) {
        bool ok;
        bool t = value_truthy(in, v, e->unaryop.operand->loc, &ok);
        return ok ? value_bool(!t) : NULL;
    }
    const ForeignType *type = value_foreign(v);
    if (type && type->unary) return type->unary(in, e->unaryop.op, v, e->loc);
    if (v->kind == VAL_INSTANCE) return instance_unary(in, e->unaryop.op, v, e->loc);
    if (is_intlike(v)) {
        int64_t x = as_int(v);
        switch (e->unaryop.op) {
        case UNARY_NEG:
            if (x == INT64_MIN) return overflow(in, e->loc);
            return value_int(in->arena, -x);
        case UNARY_POS: return value_int(in->arena, x);
        case UNARY_INVERT: return value_int(in->arena, ~x);
        default: break;
        }
    }
    if (v->kind == VAL_FLOAT) {
        if (e->unaryop.op == UNARY_NEG) return value_float(in->arena, -v->f);
        if (e->unaryop.op == UNARY_POS) return v;
    }
    return vm_type_error(in, e->loc, "bad operand type for unary %s: '%s'",
                         ast_unaryop_symbol(e->unaryop.op), value_type_name(v));
}

static Value *eval_boolop(Interp *in, Env *env, const Node *e) {
    Value *v = NULL;
    for (int i = 0; i < e->boolop.values.len; i++) {
        v = eval(in, env, e->boolop.values.items[i]);
        if (!v) return NULL;
        if (i == e->boolop.values.len - 1) break;
        bool ok;
        bool t = value_truthy(in, v, e->boolop.values.items[i]->loc, &ok);
        if (!ok) return NULL;
        if (e->boolop.op == BOOL_AND ? !t : t) return v;
    }
    return v;
}

static Value *eval_compare_chain(Interp *in, Env *env, const Node *e) {
    Value *left = eval(in, env, e->compare.left);
    if (!left) return NULL;
    Value *result = NULL;
    for (int i = 0; i < e->compare.comparators.len; i++) {
        Value *right = eval(in, env, e->compare.comparators.items[i]);
        if (!right) return NULL;
        result = eval_compare(in, e->compare.ops[i], left, right, e->loc);
        if (!result) return NULL;
        if (i < e->compare.comparators.len - 1) {
            bool ok;
            bool t = value_truthy(in, result, e->loc, &ok);
            if (!ok) return NULL;
            if (!t) return result;
        }
        left = right;
    }
    return result;
}

Value *eval(Interp *in, Env *env, const Node *e) {
    switch (e->kind) {
    case AST_NAME: return eval_name(in, env, e);
    case AST_INT: return value_int(in->arena, e->int_.value);
    case AST_FLOAT: return value_float(in->arena, e->float_.value);
    case AST_STR: return value_str(in->arena, e->str.value, e->str.len);
    case AST_BYTES: return vm_not_supported(in, e->loc, "bytes literals");
    case AST_TRUE: return value_bool(true);
    case AST_FALSE: return value_bool(false);
    case AST_NONE: return value_none();
    case AST_ELLIPSIS: return value_ellipsis();
    case AST_FSTRING: return eval_fstring(in, env, e);
    case AST_FORMATTED: return eval_formatted(in, env, e);
    case AST_BINOP: {
        Value *a = eval(in, env, e->binop.left);
        Value *b = a ? eval(in, env, e->binop.right) : NULL;
        return b ? eval_binop(in, e->binop.op, a, b, e->loc) : NULL;
    }
    case AST_UNARYOP: return eval_unary(in, env, e);
    case AST_BOOLOP: return eval_boolop(in, env, e);
    case AST_COMPARE: return eval_compare_chain(in, env, e);
    case AST_IFEXP: {
        Value *t = eval(in, env, e->ifexp.test);
        if (!t) return NULL;
        bool ok;
        bool c = value_truthy(in, t, e->ifexp.test->loc, &ok);
        if (!ok) return NULL;
        return eval(in, env, c ? e->ifexp.body : e->ifexp.orelse);
    }
    case AST_LAMBDA: return make_function(in, env, e, "<lambda>");
    case AST_CALL: return eval_call(in, env, e);
    case AST_ATTRIBUTE: {
        Value *obj = eval(in, env, e->attribute.value);
        return obj ? read_attribute(in, env, e, obj) : NULL;
    }
    case AST_SUBSCRIPT: {
        Value *obj = eval(in, env, e->subscript.value);
        Value *index = obj ? eval(in, env, e->subscript.slice) : NULL;
        return index ? get_item(in, obj, index, e->loc) : NULL;
    }
    case AST_SLICE: {
        Value *v = ARENA_NEW(in->arena, Value);
        v->kind = VAL_SLICE;
        const Node *parts[3] = {e->slice.lower, e->slice.upper, e->slice.step};
        Value **outs[3] = {&v->slice.start, &v->slice.stop, &v->slice.step};
        for (int i = 0; i < 3; i++) {
            *outs[i] = parts[i] ? eval(in, env, parts[i]) : value_none();
            if (!*outs[i]) return NULL;
        }
        return v;
    }
    case AST_TUPLE:
    case AST_LIST: {
        Value *v = e->kind == AST_TUPLE ? value_tuple(in->arena, 0) : value_list(in->arena, 0);
        return eval_into_list(in, env, &e->seq.elts, v->list) ? v : NULL;
    }
    case AST_SET: {
        /* As CPython builds it: the items added in order; but a display of more than
           two constants is compiled to a frozenset constant (made from the items, then
           remade from its own order when the compiler merges constants), which is
           merged into a new set. */
        List items = {0};
        if (!eval_into_list(in, env, &e->seq.elts, &items)) return NULL;
        Value *s = value_set(in->arena);
        for (int i = 0; i < items.len; i++)
            if (!set_add_checked(in, s->set, items.items[i], e->loc)) return NULL;
        if (items.len > 2 && all_constant(&e->seq.elts)) {
            PySet *remade = set_new(in->arena), *merged = set_new(in->arena);
            int64_t pos = 0;
            Value *key;
            while (set_next(s->set, &pos, &key)) set_add(in->arena, remade, key);
            set_update_set(in->arena, merged, remade);
            s->set = merged;
        }
        return s;
    }
    case AST_DICT: {
        Value *d = value_dict(in->arena);
        for (int i = 0; i < e->dict.keys.len; i++) {
            Value *val = eval(in, env, e->dict.values.items[i]);
            if (!val) return NULL;
            if (!e->dict.keys.items[i]) {
                if (val->kind != VAL_DICT)
                    return vm_type_error(in, e->dict.values.items[i]->loc,
                                         "'%s' object is not a mapping", value_type_name(val));
                for (int k = 0; k < val->dict->nentries; k++)
                    if (val->dict->entries[k].key)
                        dict_set(in->arena, d->dict, val->dict->entries[k].key,
                                 val->dict->entries[k].value);
                continue;
            }
            Value *key = eval(in, env, e->dict.keys.items[i]);
            if (!key) return NULL;
            if (!check_hashable(in, key, e->dict.keys.items[i]->loc)) return NULL;
            dict_set(in->arena, d->dict, key, val);
        }
        return d;
    }
    case AST_LISTCOMP:
    case AST_SETCOMP:
    case AST_DICTCOMP:
    case AST_GENEXP: return eval_comprehension(in, env, e);
    case AST_STARRED: return vm_error(in, e->loc, "can't use starred expression here");
    case AST_NAMED_EXPR: return vm_not_supported(in, e->loc, "assignment expressions (':=')");
    default: break;
    }
    UNREACHABLE(); /* every expression kind the parser makes is handled above */
}
