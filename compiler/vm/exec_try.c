/* exec_try.c — the statements that raise and handle exceptions: raise, assert,
 * try/except/else/finally, and with (whose __exit__ sees the exception). */
#include "exceptions.h"
#include "objects.h"
#include "vm.h"

/* ---- Unwinding ------------------------------------------------------------------------------ */

/* What an exception may leave half-changed on its way out (a trace or a staged branch
   it escaped): put back when the exception is caught, so the handler runs where the
   try statement did. The host's part (the tracer's builder and regions) is its own. */
typedef struct InterpState {
    const PyFrame *py_chain;
    int depth, frames;
    SrcLoc user_loc;
    int epoch;
    bool watch_stores;
    Env *env;
    VmHostState host;
} InterpState;

static InterpState save_state(const Interp *in) {
    InterpState s = {in->py_chain, in->depth,        in->frames, in->user_loc,
                     in->epoch,    in->watch_stores, in->env,    {{0}}};
    if (in->hooks.save) in->hooks.save(in, &s.host);
    return s;
}

static void restore_state(Interp *in, const InterpState *s) {
    in->py_chain = s->py_chain;
    in->depth = s->depth;
    in->frames = s->frames;
    in->user_loc = s->user_loc;
    in->epoch = s->epoch;
    in->watch_stores = s->watch_stores;
    in->env = s->env;
    if (in->hooks.restore) in->hooks.restore(in, &s->host);
}

/* ---- raise, assert ----------------------------------------------------------------------------
 */

/* An exception class (instantiated without arguments) or instance; NULL after a
   TypeError naming what (exceptions, exception causes). */
static Value *as_exception(Interp *in, Value *v, const char *what, SrcLoc loc) {
    if (v->kind == VAL_CLASS && v->cls->is_exception) {
        CallArgs none = {0};
        v = call_value(in, v, &none, loc);
        if (!v) return NULL;
    }
    if (v->kind == VAL_INSTANCE && v->inst->exc) return v;
    return vm_type_error(in, loc, "%s must derive from BaseException", what);
}

ExecStatus exec_raise(Interp *in, Env *env, const Node *s) {
    if (!s->raise.exc) {
        if (!in->handling) {
            Value *msg = value_cstr(in->arena, "No active exception to reraise");
            raise_new(in, EXC_RUNTIME_ERROR, &msg, 1, s->loc);
            return EXEC_ERROR;
        }
        exception_raise(in, in->handling, s->loc);
        return EXEC_ERROR;
    }
    Value *v = eval(in, env, s->raise.exc);
    if (!v || !(v = as_exception(in, v, "exceptions", s->raise.exc->loc))) return EXEC_ERROR;
    if (s->raise.cause) {
        Value *c = eval(in, env, s->raise.cause);
        if (!c) return EXEC_ERROR;
        if (c->kind != VAL_NONE &&
            !(c = as_exception(in, c, "exception causes", s->raise.cause->loc)))
            return EXEC_ERROR;
        v->inst->exc->cause = c->kind == VAL_NONE ? NULL : c;
        v->inst->exc->suppress_context = true;
    }
    exception_raise(in, v, s->loc);
    return EXEC_ERROR;
}

ExecStatus exec_assert(Interp *in, Env *env, const Node *s) {
    Value *t = eval(in, env, s->assert_.test);
    if (!t) return EXEC_ERROR;
    bool ok;
    bool holds = value_truthy(in, t, s->assert_.test->loc, &ok);
    if (!ok) return EXEC_ERROR;
    if (holds) return EXEC_NORMAL;
    Value *msg = NULL;
    if (s->assert_.msg && !(msg = eval(in, env, s->assert_.msg))) return EXEC_ERROR;
    raise_new(in, EXC_ASSERTION_ERROR, msg ? &msg : NULL, msg ? 1 : 0, s->loc);
    return EXEC_ERROR;
}

/* ---- try
 * ------------------------------------------------------------------------------------------ */

/* Runs the first handler matching the caught exception (now in->exc); *matched false
   when none does (the exception goes on). */
static ExecStatus run_handlers(Interp *in, Env *env, const Node *s, bool *matched) {
    Value *exc = in->exc;
    *matched = false;
    for (int i = 0; i < s->try_.handlers.len; i++) {
        const Node *h = s->try_.handlers.items[i];
        in->exc = NULL;
        if (h->handler.type) {
            Value *prev = in->handling;
            in->handling = exc;   /* an error in the clause itself has exc as its context */
            Value *type = eval(in, env, h->handler.type);
            bool ok = type != NULL;
            bool match = ok && exception_matches(in, exc, type, h->handler.type->loc, &ok);
            in->handling = prev;
            if (!ok) return EXEC_ERROR;
            if (!match) continue;
        }
        *matched = true;
        const char *name = h->handler.name ? vm_intern(in, h->handler.name) : NULL;
        if (name) env_assign(in, env, name, exc);
        Value *prev = in->handling;
        in->handling = exc;
        ExecStatus st = exec_block(in, env, &h->handler.body);
        in->handling = prev;
        /* `except E as e` unbinds e at the end of the handler, as Python does. */
        if (name) env_unbind(in, env, name);
        return st;
    }
    in->exc = exc;
    return EXEC_ERROR;
}

ExecStatus exec_try(Interp *in, Env *env, const Node *s) {
    InterpState state = save_state(in);
    ExecStatus st = exec_block(in, env, &s->try_.body);
    if (st == EXEC_ERROR && in->exc && s->try_.handlers.len) {
        restore_state(in, &state);
        bool matched;
        st = run_handlers(in, env, s, &matched);
    } else if (st == EXEC_NORMAL) {
        st = exec_block(in, env, &s->try_.orelse);
    }
    if (!s->try_.finalbody.len) return st;
    /* A build error (no exception) stops everything: no finally runs. */
    if (st == EXEC_ERROR && !in->exc) return st;
    if (st == EXEC_ERROR) restore_state(in, &state);
    Value *pending = in->exc, *ret = in->return_value;
    SrcLoc ret_loc = in->return_loc;
    in->exc = NULL;
    Value *prev = in->handling;
    if (pending) in->handling = pending;
    ExecStatus fin = exec_block(in, env, &s->try_.finalbody);
    in->handling = prev;
    /* A finally that returns, breaks or raises replaces what was pending. */
    if (fin != EXEC_NORMAL) return fin;
    in->exc = pending;
    in->return_value = ret;
    in->return_loc = ret_loc;
    return st;
}

/* ---- with ---------------------------------------------------------------------------------------
 */

static ExecStatus exec_with_items(Interp *in, Env *env, const Node *s, int item) {
    if (item == s->with.items.len) return exec_block(in, env, &s->with.body);
    const Node *wi = s->with.items.items[item];
    SrcLoc loc = wi->withitem.context->loc;
    Value *mgr = eval(in, env, wi->withitem.context);
    if (!mgr) return EXEC_ERROR;
    Value *enter = special_method(in, mgr, in->dunder.enter);
    Value *exit = special_method(in, mgr, in->dunder.exit);
    if (!enter || !exit) {
        if (mgr->kind != VAL_INSTANCE)
            return vm_not_supported(
                       in, loc,
                       arena_printf(in->arena, "'with' on a '%s' object", value_type_name(mgr))),
                   EXEC_ERROR;
        vm_type_error(in, loc, "'%s' object does not support the context manager protocol%s",
                      value_type_name(mgr), enter ? " (missed __exit__ method)" : "");
        return EXEC_ERROR;
    }
    bool found;
    Value *entered = call_special(in, mgr, in->dunder.enter, NULL, 0, loc, &found);
    if (!entered) return EXEC_ERROR;
    if (wi->withitem.vars && !assign_target(in, env, wi->withitem.vars, entered)) return EXEC_ERROR;
    InterpState state = save_state(in);
    ExecStatus st = exec_with_items(in, env, s, item + 1);
    if (st == EXEC_ERROR && !in->exc) return st; /* a build error: nothing runs after it */
    Value *args[3] = {value_none(), value_none(), value_none()};
    Value *exc = NULL;
    if (st == EXEC_ERROR) {
        restore_state(in, &state);
        exc = in->exc;
        in->exc = NULL;
        args[0] = exc->inst->cls->self;
        args[1] = exc;
        args[2] = traceback_object(in, exc);
    }
    Value *ret = in->return_value;
    Value *prev = in->handling;
    if (exc) in->handling = exc;
    Value *r = call_special(in, mgr, in->dunder.exit, args, 3, loc, &found);
    in->handling = prev;
    if (!r) return EXEC_ERROR;
    in->return_value = ret;
    if (!exc) return st;
    bool ok;
    bool suppress = value_truthy(in, r, loc, &ok);
    if (!ok) return EXEC_ERROR;
    if (suppress) return EXEC_NORMAL;
    in->exc = exc;
    return EXEC_ERROR;
}

ExecStatus exec_with(Interp *in, Env *env, const Node *s) { return exec_with_items(in, env, s, 0); }

