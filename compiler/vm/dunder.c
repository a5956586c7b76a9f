/* dunder.c — operators, conversions and protocols on instances: each dispatches to a
 * special method looked up on the instance's type (__add__/__radd__, __eq__, __len__,
 * __getitem__, __iter__/__next__, __repr__, ...), with CPython's fallbacks and errors. */
#include <string.h>

#include "builtins.h"
#include "exceptions.h"
#include "objects.h"
#include "vm.h"

/* ---- Calling a special method --------------------------------------------------------- */

Value *special_method(Interp *in, Value *obj, const char *name) {
    (void)in;
    if (obj->kind != VAL_INSTANCE) return NULL;
    Value *m = class_lookup(obj->inst->cls, name);
    return m && m->kind != VAL_NONE ? m : NULL;
}

/* An error inside the library's special method is reported at the script's operator
   (`x * 2`), as one inside a library function is at the script's call. */
Value *call_special(Interp *in, Value *obj, const char *name, Value **args, int nargs, SrcLoc loc,
                    bool *found) {
    Value *m = special_method(in, obj, name);
    *found = m != NULL;
    if (!m) return NULL;
    if (m->kind == VAL_FUNCTION || (m->kind == VAL_BUILTIN && m->builtin->binds)) {
        /* The common case, without making a bound method. */
        Value **pos = ARENA_ARRAY(in->arena, Value *, nargs + 1);
        pos[0] = obj;
        for (int i = 0; i < nargs; i++) pos[i + 1] = args[i];
        CallArgs ca = call_args_positional(pos, nargs + 1);
        return call_from_script(in, m, &ca, loc);
    }
    /* A staticmethod, classmethod or tf.function is called as it binds. */
    CallArgs ca = call_args_positional(args, nargs);
    return call_from_script(in, class_bind(in, m, obj, obj->inst->cls), &ca, loc);
}

/* ---- Text ---------------------------------------------------------------------------------- */

typedef struct InterpReprHook {
    ReprHook hook;
    Interp *in;
    SrcLoc loc;
} InterpReprHook;

static const char *instance_repr(Interp *in, const Value *obj, SrcLoc loc) {
    bool found;
    Value *r = call_special(in, (Value *)obj, in->dunder.repr, NULL, 0, loc, &found);
    if (!r) return NULL;
    if (r->kind != VAL_STR)
        return vm_type_error(in, loc, "__repr__ returned non-string (type %s)", value_type_name(r)),
               NULL;
    return r->str.s;
}

static const char *repr_hook(ReprHook *hook, const Value *obj) {
    InterpReprHook *h = (InterpReprHook *)hook;
    const char *s = instance_repr(h->in, obj, h->loc);
    if (!s) hook->failed = true;
    return s;
}

const char *py_repr(Interp *in, Value *v, SrcLoc loc) {
    InterpReprHook h = {{repr_hook, false}, in, loc};
    return value_repr_hooked(in->arena, v, &h.hook);
}

const char *py_str(Interp *in, Value *v, SrcLoc loc) {
    if (v->kind == VAL_INSTANCE) {
        bool found;
        Value *r = call_special(in, v, in->dunder.str, NULL, 0, loc, &found);
        if (!r) return NULL;
        if (r->kind != VAL_STR)
            return vm_type_error(in, loc, "__str__ returned non-string (type %s)",
                                 value_type_name(r)),
                   NULL;
        return r->str.s;
    }
    if (v->kind == VAL_LIST || v->kind == VAL_TUPLE || v->kind == VAL_DICT || v->kind == VAL_SET ||
        v->kind == VAL_METHOD || v->kind == VAL_DICT_VIEW)
        return py_repr(in, v, loc);
    return value_to_str(in->arena, v);
}

/* ---- Hashing and equality for dicts and sets ----------------------------------------------- */

bool instance_user_hash(const Value *v, int64_t *hash) {
    Interp *in = v->inst->cls->interp;
    bool found;
    SrcLoc loc = vm_pending_loc(in);
    Value *r = call_special(in, (Value *)v, in->dunder.hash, NULL, 0, loc, &found);
    if (!r) return false;
    if (r->kind != VAL_INT && r->kind != VAL_BOOL) {
        vm_type_error(in, loc, "__hash__ method should return an integer");
        return false;
    }
    return py_hash(r, hash);
}

bool instance_user_equal(const Value *a, const Value *b) {
    Interp *in = (a->inst->cls->user_eq ? a : b)->inst->cls->interp;
    if (in->exc) return false; /* an earlier __eq__ or __hash__ of this lookup failed */
    SrcLoc loc = vm_pending_loc(in);
    Value *r = eval_compare(in, CMP_EQ, (Value *)a, (Value *)b, loc);
    if (!r) return false;
    bool ok;
    return value_truthy(in, r, loc, &ok);
}

/* ---- object's methods ------------------------------------------------------------------------ */

static Value *self_arg(Interp *in, CallArgs *args, const char *method, SrcLoc loc) {
    if (args->npos < 1)
        return vm_type_error(in, loc, "descriptor '%s' of 'object' object needs an argument",
                             method);
    return args->pos[0];
}

static Value *object_init(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    if (!self_arg(in, args, "__init__", loc)) return NULL;
    if (args->npos > 1 || args->nkw)
        return vm_type_error(
            in, loc, "object.__init__() takes exactly one argument (the instance to initialize)");
    return value_none();
}

static Value *object_repr(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    Value *obj = self_arg(in, args, "__repr__", loc);
    if (!obj) return NULL;
    if (obj->kind != VAL_INSTANCE) return value_cstr(in->arena, value_repr(in->arena, obj));
    return value_cstr(in->arena, arena_printf(in->arena, "<%s.%s object>", obj->inst->cls->module,
                                              obj->inst->cls->qualname));
}

static Value *object_str(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    Value *obj = self_arg(in, args, "__str__", loc);
    if (!obj) return NULL;
    const char *s = obj->kind == VAL_INSTANCE ? instance_repr(in, obj, loc) : py_repr(in, obj, loc);
    return s ? value_cstr(in->arena, s) : NULL;
}

static Value *object_eq(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    if (!args_count(in, args, "__eq__", 2, 2, loc)) return NULL;
    return args->pos[0] == args->pos[1] ? value_bool(true) : value_not_implemented();
}

static Value *object_ne(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    if (!args_count(in, args, "__ne__", 2, 2, loc)) return NULL;
    /* The inverse of __eq__, unless that declines. */
    bool found;
    Value *r = call_special(in, args->pos[0], in->dunder.eq, &args->pos[1], 1, loc, &found);
    if (!r || r->kind == VAL_NOTIMPLEMENTED) return r;
    bool ok;
    bool t = value_truthy(in, r, loc, &ok);
    return ok ? value_bool(!t) : NULL;
}

static Value *object_hash(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    if (!args_count(in, args, "__hash__", 1, 1, loc)) return NULL;
    return value_int(in->arena, (int64_t)((uintptr_t)args->pos[0]->inst >> 4));
}

static Value *object_setattr(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    if (!args_count(in, args, "__setattr__", 3, 3, loc)) return NULL;
    Value *obj = args->pos[0], *name = args->pos[1];
    if (name->kind != VAL_STR)
        return vm_type_error(in, loc, "attribute name must be string, not '%s'",
                             value_type_name(name));
    if (obj->kind != VAL_INSTANCE)
        return set_attribute(in, obj, name->str.s, args->pos[2], loc) ? value_none() : NULL;
    return instance_store(in, obj, vm_intern(in, name->str.s), args->pos[2], loc) ? value_none()
                                                                                  : NULL;
}

static Value *object_delattr(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    if (!args_count(in, args, "__delattr__", 2, 2, loc)) return NULL;
    if (args->pos[1]->kind != VAL_STR)
        return vm_type_error(in, loc, "attribute name must be string, not '%s'",
                             value_type_name(args->pos[1]));
    return instance_unstore(in, args->pos[0], vm_intern(in, args->pos[1]->str.s), loc)
               ? value_none()
               : NULL;
}

static Value *object_getattribute(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    if (!args_count(in, args, "__getattribute__", 2, 2, loc)) return NULL;
    if (args->pos[1]->kind != VAL_STR)
        return vm_type_error(in, loc, "attribute name must be string, not '%s'",
                             value_type_name(args->pos[1]));
    return get_attribute(in, args->pos[0], vm_intern(in, args->pos[1]->str.s), loc);
}

/* object's <, <=, >, >=: NotImplemented, so the other side (or the TypeError) decides. */
static Value *object_order(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    if (!args_count(in, args, "comparison", 2, 2, loc)) return NULL;
    return value_not_implemented();
}

static Value *object_format(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    if (!args_count(in, args, "__format__", 2, 2, loc)) return NULL;
    Value *obj = args->pos[0], *spec = args->pos[1];
    if (spec->kind != VAL_STR)
        return vm_type_error(in, loc, "__format__() argument must be str, not %s",
                             value_type_name(spec));
    if (spec->str.len)
        return vm_type_error(in, loc, "unsupported format string passed to %s.__format__",
                             value_type_name(obj));
    const char *text = py_str(in, obj, loc);
    return text ? value_cstr(in->arena, text) : NULL;
}

void object_class_install(Interp *in) {
    static const struct { const char *name; BuiltinFn fn;
    } methods[] = {
        {"__init__", object_init},
        {"__repr__", object_repr},
        {"__str__", object_str},
        {"__eq__", object_eq},
        {"__ne__", object_ne},
        {"__hash__", object_hash},
        {"__setattr__", object_setattr},
        {"__delattr__", object_delattr},
        {"__getattribute__", object_getattribute},
        {"__lt__", object_order},
        {"__le__", object_order},
        {"__gt__", object_order},
        {"__ge__", object_order},
        {"__format__", object_format},
    };
    Env *dict = namespace_new(in, NULL);
    for (size_t i = 0; i < sizeof methods / sizeof methods[0]; i++) {
        const char *name = vm_intern(in, methods[i].name);
        Value *b = value_builtin(in->arena, name, methods[i].fn, NULL);
        b->builtin->binds = true;
        env_set_local(in, dict, name, b);
    }
    PyClass *object =
        class_new(in, vm_intern(in, "object"), "object", "builtins", NULL, 0, dict, (SrcLoc){0});
    object->is_builtin = true;
    in->object_class = object;
    env_set_local(in, in->builtins, object->name, object->self);
}

/* ---- Operators ------------------------------------------------------------------------------- */

static bool same_type(const Value *a, const Value *b) {
    return a->kind == b->kind && (a->kind != VAL_INSTANCE || a->inst->cls == b->inst->cls);
}

Value *instance_binop(Interp *in, BinOp op, Value *a, Value *b, SrcLoc loc, bool *handled) {
    *handled = a->kind == VAL_INSTANCE || b->kind == VAL_INSTANCE;
    if (!*handled) return NULL;
    bool found;
    /* A subclass's reflected method goes first (CPython's rule). */
    bool right_first = b->kind == VAL_INSTANCE && !same_type(a, b) && a->kind == VAL_INSTANCE &&
                       class_is_subclass(b->inst->cls, a->inst->cls) &&
                       special_method(in, b, in->dunder.rbinop[op]);
    if (!right_first) {
        Value *r = call_special(in, a, in->dunder.binop[op], &b, 1, loc, &found);
        if (found && (!r || r->kind != VAL_NOTIMPLEMENTED)) return r;
    }
    if (!same_type(a, b) || right_first) {
        Value *r = call_special(in, b, in->dunder.rbinop[op], &a, 1, loc, &found);
        if (found && (!r || r->kind != VAL_NOTIMPLEMENTED)) return r;
    }
    if (right_first) {
        Value *r = call_special(in, a, in->dunder.binop[op], &b, 1, loc, &found);
        if (found && (!r || r->kind != VAL_NOTIMPLEMENTED)) return r;
    }
    return vm_type_error(in, loc, "unsupported operand type(s) for %s: '%s' and '%s'",
                         op == BIN_POW ? "** or pow()" : ast_binop_symbol(op), value_type_name(a),
                         value_type_name(b));
}

Value *instance_inplace(Interp *in, BinOp op, Value *a, Value *b, SrcLoc loc, bool *handled) {
    *handled = false;
    if (a->kind != VAL_INSTANCE || !special_method(in, a, in->dunder.ibinop[op])) return NULL;
    bool found;
    Value *r = call_special(in, a, in->dunder.ibinop[op], &b, 1, loc, &found);
    if (r && r->kind == VAL_NOTIMPLEMENTED) return NULL;
    *handled = true;
    return r;
}

static const char *compare_method(Interp *in, CmpOp op) {
    const Dunders *d = &in->dunder;
    switch (op) {
    case CMP_EQ: return d->eq;
    case CMP_NE: return d->ne;
    case CMP_LT: return d->lt;
    case CMP_LE: return d->le;
    case CMP_GT: return d->gt;
    case CMP_GE: return d->ge;
    default: UNREACHABLE();
    }
}

static CmpOp reflected(CmpOp op) {
    switch (op) {
    case CMP_LT: return CMP_GT;
    case CMP_LE: return CMP_GE;
    case CMP_GT: return CMP_LT;
    case CMP_GE: return CMP_LE;
    default: return op;
    }
}

Value *instance_compare(Interp *in, CmpOp op, Value *a, Value *b, SrcLoc loc, bool *handled) {
    *handled = (a->kind == VAL_INSTANCE || b->kind == VAL_INSTANCE) && op <= CMP_GE;
    if (!*handled) return NULL;
    bool found;
    bool right_first = b->kind == VAL_INSTANCE && !same_type(a, b) &&
                       (a->kind != VAL_INSTANCE || class_is_subclass(b->inst->cls, a->inst->cls)) &&
                       special_method(in, b, compare_method(in, reflected(op)));
    /* The reflected method (a < b is b > a) when the first declines or is missing. */
    for (int pass = 0; pass < 2; pass++) {
        bool right = (pass == 0) == right_first;
        Value *self = right ? b : a, *other = right ? a : b;
        Value *r = call_special(in, self, compare_method(in, right ? reflected(op) : op), &other, 1,
                                loc, &found);
        if (found && (!r || r->kind != VAL_NOTIMPLEMENTED)) return r;
    }
    if (op == CMP_EQ) return value_bool(a == b);
    if (op == CMP_NE) return value_bool(a != b);
    return vm_type_error(in, loc, "'%s' not supported between instances of '%s' and '%s'",
                         ast_cmpop_symbol(op), value_type_name(a), value_type_name(b));
}

Value *instance_unary(Interp *in, UnaryOp op, Value *v, SrcLoc loc) {
    const char *name = op == UNARY_NEG   ? in->dunder.neg
                       : op == UNARY_POS ? in->dunder.pos
                                         : in->dunder.invert;
    bool found;
    Value *r = call_special(in, v, name, NULL, 0, loc, &found);
    if (found) return r;
    return vm_type_error(in, loc, "bad operand type for unary %s: '%s'", ast_unaryop_symbol(op),
                         value_type_name(v));
}

/* ---- Conversions -------------------------------------------------------------------------------
 */

Value *instance_number(Interp *in, Value *v, const char *method, const char *type, SrcLoc loc) {
    bool found;
    Value *r = call_special(in, v, method, NULL, 0, loc, &found);
    bool want_float = strcmp(type, "float") == 0;
    if (!found) { /* __index__ stands in for both */
        r = call_special(in, v, in->dunder.index, NULL, 0, loc, &found);
        if (found && r && r->kind != VAL_INT)
            return vm_type_error(in, loc, "__index__ returned non-int (type %s)",
                                 value_type_name(r));
        if (found && r && want_float) return value_float(in->arena, (double)r->i);
    }
    if (!found)
        return want_float
                   ? vm_type_error(in, loc,
                                   "float() argument must be a string or a real number, not '%s'",
                                   value_type_name(v))
                   : vm_type_error(in, loc,
                                   "int() argument must be a string, a bytes-like object or a "
                                   "real number, not '%s'",
                                   value_type_name(v));
    if (!r) return NULL;
    if (want_float ? r->kind != VAL_FLOAT : (r->kind != VAL_INT && r->kind != VAL_BOOL))
        return vm_type_error(in, loc, "%s returned non-%s (type %s)", method, type,
                             value_type_name(r));
    return r->kind == VAL_BOOL ? value_int(in->arena, r->b) : r;
}

/* ---- Protocols --------------------------------------------------------------------------------
 */

bool instance_length(Interp *in, Value *v, SrcLoc loc, int64_t *len, bool *found) {
    Value *r = call_special(in, v, in->dunder.len, NULL, 0, loc, found);
    if (!*found) return false;
    if (!r) return false;
    if (r->kind != VAL_INT && r->kind != VAL_BOOL) {
        vm_type_error(in, loc, "'%s' object cannot be interpreted as an integer",
                      value_type_name(r));
        return false;
    }
    *len = r->kind == VAL_INT ? r->i : r->b;
    if (*len < 0) {
        vm_raise(in, EXC_VALUE_ERROR, loc, "__len__() should return >= 0");
        return false;
    }
    return true;
}

bool instance_truthy(Interp *in, Value *v, SrcLoc loc, bool *ok) {
    *ok = true;
    bool found;
    Value *r = call_special(in, v, in->dunder.bool_, NULL, 0, loc, &found);
    if (found) {
        if (!r) return *ok = false;
        if (r->kind != VAL_BOOL) {
            *ok = false;
            vm_type_error(in, loc, "__bool__ should return bool, returned %s", value_type_name(r));
            return false;
        }
        return r->b;
    }
    int64_t len;
    if (instance_length(in, v, loc, &len, &found)) return len != 0;
    if (found) return *ok = false;
    return true;
}

Value *instance_get_item(Interp *in, Value *obj, Value *index, SrcLoc loc) {
    bool found;
    Value *r = call_special(in, obj, in->dunder.getitem, &index, 1, loc, &found);
    if (found) return r;
    return vm_type_error(in, loc, "'%s' object is not subscriptable", value_type_name(obj));
}

bool instance_set_item(Interp *in, Value *obj, Value *index, Value *value, SrcLoc loc) {
    bool found;
    Value *args[2] = {index, value};
    Value *r = call_special(in, obj, in->dunder.setitem, args, 2, loc, &found);
    if (found) return r != NULL;
    vm_type_error(in, loc, "'%s' object does not support item assignment", value_type_name(obj));
    return false;
}

bool instance_delete_item(Interp *in, Value *obj, Value *index, SrcLoc loc) {
    bool found;
    Value *r = call_special(in, obj, in->dunder.delitem, &index, 1, loc, &found);
    if (found) return r != NULL;
    vm_type_error(in, loc, "'%s' object doesn't support item deletion", value_type_name(obj));
    return false;
}

/* iter(obj): __iter__'s result, which must be an iterator (an instance with __next__,
   or a built-in iterator). */
Value *instance_iter(Interp *in, Value *obj, SrcLoc loc) {
    bool found;
    Value *it = call_special(in, obj, in->dunder.iter, NULL, 0, loc, &found);
    if (!found) {
        if (special_method(in, obj, in->dunder.getitem)) return sequence_iterator_new(in, obj);
        return vm_type_error(in, loc, "'%s' object is not iterable", value_type_name(obj));
    }
    if (!it) return NULL;
    if (it->kind == VAL_ITERATOR ||
        (it->kind == VAL_INSTANCE && special_method(in, it, in->dunder.next)))
        return it;
    if (it->kind != VAL_INSTANCE) {
        CallArgs one = call_args_positional(&it, 1);
        return builtin_iter(in, NULL, &one, loc);
    }
    return vm_type_error(in, loc, "iter() returned non-iterator of type '%s'", value_type_name(it));
}

/* next(it) of an instance iterator: the item, or NULL with *done at StopIteration. */
Value *instance_next(Interp *in, Value *it, SrcLoc loc, bool *done) {
    *done = false;
    bool found;
    Value *r = call_special(in, it, in->dunder.next, NULL, 0, loc, &found);
    if (!found)
        return vm_type_error(in, loc, "'%s' object is not an iterator", value_type_name(it));
    if (!r && exception_is(in, in->exc, EXC_STOP_ITERATION)) {
        in->exc = NULL;
        *done = true;
    }
    return r;
}

Value *instance_contains(Interp *in, Value *container, Value *item, SrcLoc loc) {
    bool found;
    Value *r = call_special(in, container, in->dunder.contains, &item, 1, loc, &found);
    if (found) {
        if (!r) return NULL;
        bool ok;
        bool t = value_truthy(in, r, loc, &ok);
        return ok ? value_bool(t) : NULL;
    }
    Value *it = instance_iter(in, container, loc);
    if (!it) return NULL;
    Cursor c;
    if (!cursor_open(in, it, &c, loc)) return NULL;
    for (;;) {
        Value *x;
        if (!cursor_next(in, &c, &x, loc)) return NULL;
        if (!x) return value_bool(false);
        Value *eq = eval_compare(in, CMP_EQ, x, item, loc);
        if (!eq) return NULL;
        bool ok;
        if (value_truthy(in, eq, loc, &ok)) return value_bool(true);
        if (!ok) return NULL;
    }
}

void dunders_install(Interp *in) {
    Dunders *d = &in->dunder;
#define N(field, text) d->field = vm_intern(in, text)
    N(init, "__init__");
    N(new_, "__new__");
    N(call, "__call__");
    N(repr, "__repr__");
    N(str, "__str__");
    N(eq, "__eq__"); N(ne, "__ne__"); N(hash, "__hash__"); N(len, "__len__"); N(bool_, "__bool__");
    N(getitem, "__getitem__"); N(setitem, "__setitem__"); N(delitem, "__delitem__");
    N(contains, "__contains__"); N(iter, "__iter__"); N(next, "__next__"); N(enter, "__enter__");
    N(exit, "__exit__");
    N(getattr, "__getattr__");
    N(setattr, "__setattr__");
    N(delattr, "__delattr__");
    N(class_, "__class__"); N(dict, "__dict__"); N(name, "__name__"); N(qualname, "__qualname__");
    N(module, "__module__");
    N(doc, "__doc__");
    N(mro, "__mro__");
    N(bases, "__bases__");
    N(args, "args");
    N(cause, "__cause__"); N(context, "__context__"); N(suppress_context, "__suppress_context__");
    N(traceback, "__traceback__");
    N(format, "__format__");
    N(index, "__index__");
    N(int_, "__int__");
    N(float_, "__float__");
    N(neg, "__neg__");
    N(pos, "__pos__");
    N(invert, "__invert__");
    N(abs, "__abs__");
    N(lt, "__lt__"); N(le, "__le__"); N(gt, "__gt__"); N(ge, "__ge__");
#undef N
    static const char *const ops[BIN__COUNT] = {
        [BIN_ADD] = "add", [BIN_SUB] = "sub", [BIN_MUL] = "mul", [BIN_MATMUL] = "matmul",
        [BIN_DIV] = "truediv", [BIN_FLOORDIV] = "floordiv", [BIN_MOD] = "mod", [BIN_POW] = "pow",
        [BIN_LSHIFT] = "lshift", [BIN_RSHIFT] = "rshift", [BIN_BITOR] = "or", [BIN_BITXOR] = "xor",
        [BIN_BITAND] = "and"};
    for (int i = 0; i < BIN__COUNT; i++) {
        d->binop[i] = vm_intern(in, arena_printf(in->arena, "__%s__", ops[i]));
        d->rbinop[i] = vm_intern(in, arena_printf(in->arena, "__r%s__", ops[i]));
        d->ibinop[i] = vm_intern(in, arena_printf(in->arena, "__i%s__", ops[i]));
    }
}
