/* exceptions.c — exceptions: the built-in hierarchy, raising (with tracebacks and
 * __context__/__cause__), and the report of an uncaught one.
 *
 * An exception propagates as Interp.exc while every caller returns NULL (or false,
 * EXEC_ERROR); try/except (exec_try.c) catches it there. The interpreter's own
 * errors are raised the same way, by class id (vm_raise(in, EXC_VALUE_ERROR, ...)),
 * so user code can catch what the interpreter reports. */
#include <string.h>

#include "exceptions.h"
#include "objects.h"
#include "vm.h"

/* ---- The hierarchy --------------------------------------------------------------------- */

/* exceptions.def's rows, in ExcKind order (parents first). */
static const struct { const char *name; ExcKind base; bool tensorflow; } hierarchy[] = {
#define EXC(id, name, base, tensorflow) {#name, EXC_##base, tensorflow},
#include "exceptions.def"
#undef EXC
};
_Static_assert(sizeof hierarchy / sizeof hierarchy[0] == EXC__CLASSES, "one row per ExcKind class");

static PyClass *exception_class(Interp *in, const char *name) {
    Value *v = env_get_local(in->exception_classes, vm_intern(in, name));
    return v ? v->cls : NULL;
}

/* BaseException(*args): args as given (CPython's BaseException.__new__ stores them
   before any __init__ runs). */
void exception_init_args(Interp *in, Value *obj, CallArgs *args) {
    ExcInfo *e = ARENA_NEW(in->arena, ExcInfo);
    e->args = value_tuple(in->arena, args->npos);
    if (args->npos) memcpy(e->args->list->items, args->pos, sizeof(Value *) * (size_t)args->npos);
    obj->inst->exc = e;
}

static Value *exc_self(Interp *in, CallArgs *args, const char *method, SrcLoc loc) {
    if (args->npos < 1 || args->pos[0]->kind != VAL_INSTANCE || !args->pos[0]->inst->exc)
        return vm_type_error(in, loc, "descriptor '%s' requires a 'BaseException' object", method);
    return args->pos[0];
}

static Value *base_exception_init(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    Value *obj = exc_self(in, args, "__init__", loc);
    if (!obj) return NULL;
    if (!args_no_keywords(in, args, obj->inst->cls->name, loc)) return NULL;
    Value *t = value_tuple(in->arena, args->npos - 1);
    if (args->npos > 1)
        memcpy(t->list->items, args->pos + 1, sizeof(Value *) * (size_t)(args->npos - 1));
    obj->inst->exc->args = t;
    return value_none();
}

/* str(e): '' for no arguments, str(arg) for one, str(args) for more; KeyError shows
   its one argument's repr (the missing key). */
static Value *base_exception_str(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    Value *obj = exc_self(in, args, "__str__", loc);
    if (!obj) return NULL;
    const List *a = obj->inst->exc->args->list;
    if (a->len == 0) return value_cstr(in->arena, "");
    if (a->len > 1) {
        const char *s = py_repr(in, obj->inst->exc->args, loc);
        return s ? value_cstr(in->arena, s) : NULL;
    }
    bool key_error = class_is_subclass(obj->inst->cls, in->exc_classes[EXC_KEY_ERROR]);
    const char *s = key_error ? py_repr(in, a->items[0], loc) : py_str(in, a->items[0], loc);
    return s ? value_cstr(in->arena, s) : NULL;
}

/* repr(e): ValueError('bad'), KeyError(1, 2), StopIteration() */
static Value *base_exception_repr(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    Value *obj = exc_self(in, args, "__repr__", loc);
    if (!obj) return NULL;
    const List *a = obj->inst->exc->args->list;
    const char *inner;
    if (a->len == 1) {
        inner = py_repr(in, a->items[0], loc);
    } else {
        inner = py_repr(in, obj->inst->exc->args, loc);
        if (inner)
            inner = a->len == 0 ? "" : arena_strndup(in->arena, inner + 1, strlen(inner) - 2);
    }
    return inner ? value_cstr(in->arena,
                              arena_printf(in->arena, "%s(%s)", obj->inst->cls->name, inner))
                 : NULL;
}

static Value *binding_builtin(Interp *in, const char *name, BuiltinFn fn) {
    Value *b = value_builtin(in->arena, vm_intern(in, name), fn, NULL);
    b->builtin->binds = true;
    return b;
}

void exceptions_install(Interp *in) {
    in->exception_classes = namespace_new(in, NULL);
    in->traceback_class = class_new(in, vm_intern(in, "traceback"), "traceback", "builtins", NULL,
                                    0, namespace_new(in, NULL), (SrcLoc){0});
    in->traceback_class->is_builtin = true;
    for (size_t i = 0; i < sizeof hierarchy / sizeof hierarchy[0]; i++) {
        const char *name = vm_intern(in, hierarchy[i].name);
        Value *base =
            hierarchy[i].base != EXC_NONE ? in->exc_classes[hierarchy[i].base]->self : NULL;
        Env *dict = namespace_new(in, NULL);
        if (!base) {
            env_set_local(in, dict, in->dunder.init,
                          binding_builtin(in, "__init__", base_exception_init));
            env_set_local(in, dict, in->dunder.str,
                          binding_builtin(in, "__str__", base_exception_str));
            env_set_local(in, dict, in->dunder.repr,
                          binding_builtin(in, "__repr__", base_exception_repr));
        }
        Value **bases = ARENA_ARRAY(in->arena, Value *, 1);
        bases[0] = base;
        PyClass *cls =
            class_new(in, name, name, "builtins", bases, base ? 1 : 0, dict, (SrcLoc){0});
        cls->is_exception = true;
        cls->is_builtin = true;
        in->exc_classes[i] = cls;
        env_set_local(in, in->exception_classes, name, cls->self);
        if (!hierarchy[i].tensorflow) env_set_local(in, in->builtins, name, cls->self);
    }
}

/* e.__traceback__: an object standing for the traceback, with the line it was raised
   at (tb_lineno); frames are not objects here. */
Value *traceback_object(Interp *in, Value *exc) {
    if (!exc->inst->exc->ntb) return value_none();
    Value *tb = instance_new(in, in->traceback_class);
    const TraceEntry *last = &exc->inst->exc->tb[exc->inst->exc->ntb - 1];
    dict_set(in->arena, tb->inst->attrs->dict, value_cstr(in->arena, "tb_lineno"),
             value_int(in->arena, last->loc.line));
    return tb;
}

Value *tensorflow_error_class(Interp *in, const char *name) {
    PyClass *c = exception_class(in, name);
    return c ? c->self : NULL;
}

/* ---- Raising ------------------------------------------------------------------------------- */

/* The frames running now, outermost first: each entry is the line its frame is at. */
static void snapshot_traceback(Interp *in, ExcInfo *e, SrcLoc loc) {
    int depth = 0;
    for (const PyFrame *c = in->py_chain; c; c = c->parent) depth++;
    /* frames[0] is the innermost call; the module level is below them all. */
    const PyFrame **frames = ARENA_ARRAY(in->arena, const PyFrame *, depth + 1);
    int k = 0;
    for (const PyFrame *c = in->py_chain; c; c = c->parent) frames[k++] = c;
    TraceEntry *tb = ARENA_ARRAY(in->arena, TraceEntry, depth + 1);
    int n = 0;
    bool carrying = false;
    SrcLoc carried = loc;
    for (int level = 0; level <= depth; level++) {
        /* The frame at this level: frames[level], or the module below them all; its
           line is where it called the next frame in, or the raise itself. A frame
           AutoGraph generated is not shown: its line goes to the frame around it. */
        const PyFrame *f = level < depth ? frames[level] : NULL;
        SrcLoc at = level == 0 ? loc : frames[level - 1]->call_loc;
        if (carrying) at = carried, carrying = false;
        if (f && f->hidden) {
            carried = at;
            carrying = true;
            continue;
        }
        if (f && f->library) continue; /* its line, the user's call, is the caller's */
        tb[n++] = (TraceEntry){at, f ? f->callee_name : "<module>"};
    }
    for (int i = 0; i < n / 2; i++) {
        TraceEntry t = tb[i];
        tb[i] = tb[n - 1 - i];
        tb[n - 1 - i] = t;
    }
    /* Re-raising a caught exception: the frames it came through stay below this one. */
    if (e->tb && e->ntb > n) {
        TraceEntry *merged = ARENA_ARRAY(in->arena, TraceEntry, e->ntb);
        memcpy(merged, tb, sizeof(TraceEntry) * (size_t)n);
        memcpy(merged + n, e->tb + n, sizeof(TraceEntry) * (size_t)(e->ntb - n));
        tb = merged;
        n = e->ntb;
    }
    e->tb = tb;
    e->ntb = n;
}

Value *exception_raise(Interp *in, Value *exc, SrcLoc loc) {
    ExcInfo *e = exc->inst->exc;
    /* Raised while handling another: that one is its __context__ (never itself). */
    if (in->handling && in->handling != exc && !e->context) {
        bool cycle = false;
        for (Value *c = in->handling; c && !cycle; c = c->inst->exc->context) cycle = c == exc;
        if (!cycle) e->context = in->handling;
    }
    snapshot_traceback(in, e, loc);
    e->raised_at = vm_op_loc(in, loc);
    in->exc = exc;
    return NULL;
}

Value *raise_new(Interp *in, ExcKind kind, Value **args, int nargs, SrcLoc loc) {
    IG_ASSERT(kind >= 0 && kind < EXC__CLASSES);
    Value *obj = instance_new(in, in->exc_classes[kind]);
    CallArgs ca = call_args_positional(args, nargs);
    exception_init_args(in, obj, &ca);
    return exception_raise(in, obj, loc);
}

Value *vm_key_error(Interp *in, Value *key, SrcLoc loc) {
    return raise_new(in, EXC_KEY_ERROR, &key, 1, loc);
}

bool exception_matches(Interp *in, Value *exc, Value *type, SrcLoc loc, bool *ok) {
    *ok = true;
    if (type->kind == VAL_TUPLE) {
        for (int i = 0; i < type->list->len; i++) {
            bool m = exception_matches(in, exc, type->list->items[i], loc, ok);
            if (!*ok || m) return m;
        }
        return false;
    }
    if (type->kind != VAL_CLASS || !type->cls->is_exception) {
        *ok = false;
        vm_type_error(in, loc,
                      "catching classes that do not inherit from BaseException is not allowed");
        return false;
    }
    return class_is_subclass(exc->inst->cls, type->cls);
}

bool exception_is(Interp *in, const Value *exc, ExcKind kind) {
    return exc && class_is_subclass(exc->inst->cls, in->exc_classes[kind]);
}

/* ---- The uncaught exception ---------------------------------------------------------------- */

/* ValueError: bad, as the last line of a traceback: the class's name (with its module
   unless builtins or __main__) and str(e). */
static const char *exception_line(Interp *in, Value *exc) {
    PyClass *cls = exc->inst->cls;
    const char *type = strcmp(cls->module, "builtins") == 0 || strcmp(cls->module, "__main__") == 0
                           ? cls->qualname
                           : arena_printf(in->arena, "%s.%s", cls->module, cls->qualname);
    in->exc = NULL;
    const char *text = py_str(in, exc, exc->inst->exc->raised_at);
    if (!text) {
        in->exc = NULL;
        text = "<exception str() failed>";
    }
    const char *line = text[0] ? arena_printf(in->arena, "%s: %s", type, text) : type;
    const char *near = exc->inst->exc->suggestion;
    return near ? arena_printf(in->arena, "%s. Did you mean: '%s'?", line, near) : line;
}

static void print_traceback(Interp *in, Value *exc, int depth) {
    ExcInfo *e = exc->inst->exc;
    if (depth < 16) {
        if (e->cause) {
            print_traceback(in, e->cause, depth + 1);
            diag_text(in->diag,
                      "\nThe above exception was the direct cause of the following exception:\n\n");
        } else if (e->context && !e->suppress_context) {
            print_traceback(in, e->context, depth + 1);
            diag_text(in->diag,
                      "\nDuring handling of the above exception, another exception occurred:\n\n");
        }
    }
    diag_text(in->diag, "Traceback (most recent call last):\n");
    /* As CPython: a line repeated more than 3 times in a row (recursion) is shown 3
       times, then counted. */
    const TraceEntry *prev = NULL;
    int repeats = 0;
    for (int i = 0; i <= e->ntb; i++) {
        const TraceEntry *t = i < e->ntb ? &e->tb[i] : NULL;
        if (t && vm_is_library_file(in, t->loc.file)) continue;
        bool same = t && prev && t->loc.file == prev->loc.file && t->loc.line == prev->loc.line &&
                    strcmp(t->func, prev->func) == 0;
        if (same) {
            if (++repeats < 3) diag_traceback_entry(in->diag, t->loc, t->func);
            continue;
        }
        if (repeats >= 3)
            diag_text(in->diag, "  [Previous line repeated %d more time%s]\n", repeats - 2,
                      repeats - 2 == 1 ? "" : "s");
        repeats = 0;
        prev = t;
        if (t) diag_traceback_entry(in->diag, t->loc, t->func);
    }
    diag_text(in->diag, "%s\n", exception_line(in, exc));
}

void report_uncaught(Interp *in) {
    Value *exc = in->exc;
    if (!exc) return;
    in->exc = NULL;
    diag_error(in->diag, exc->inst->exc->raised_at, "%s", exception_line(in, exc));
    print_traceback(in, exc, 0);
    in->exc = NULL;
}
