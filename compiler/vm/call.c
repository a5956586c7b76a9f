/* call.c — Python functions: definition, scope analysis, argument binding, calls. */
#include <string.h>

#include "objects.h"
#include "vm.h"

CallArgs call_args_positional(Value **pos, int npos) {
    return (CallArgs){.pos = pos, .npos = npos};
}

Value *make_function(Interp *in, Env *env, const Node *def, const char *name) {
    Function *fn = ARENA_NEW(in->arena, Function);
    fn->name = name;
    fn->def = def;
    fn->params = def->kind == AST_FUNCDEF ? &def->funcdef.params : &def->lambda.params;
    /* Functions defined in a class body close over the scope around the class. */
    fn->closure = env->class_body ? env->parent : env == env->module->globals ? NULL : env;
    fn->module = env->module;
    fn->qualname = scope_qualname(in, env, name);
    /* Defaults are evaluated once, when the def runs. */
    const Params *p = fn->params;
    fn->defaults = ARENA_ARRAY(in->arena, Value *, p->args.len + 1);
    for (int i = 0; i < p->args.len; i++) {
        const Node *d = p->args.items[i]->arg.default_;
        if (d && !(fn->defaults[i] = eval(in, env, d))) return NULL;
    }
    fn->kwonly_defaults = ARENA_ARRAY(in->arena, Value *, p->kwonly.len + 1);
    for (int i = 0; i < p->kwonly.len; i++) {
        const Node *d = p->kwonly.items[i]->arg.default_;
        if (d && !(fn->kwonly_defaults[i] = eval(in, env, d))) return NULL;
    }
    Value *v = ARENA_NEW(in->arena, Value);
    v->kind = VAL_FUNCTION;
    v->fn = fn;
    return v;
}

/* ---- Scope analysis: which names a function body binds ------------------------------- */

typedef struct NameSet {
    const char **names;
    int len, cap;
} NameSet;

static void nameset_add(Arena *a, NameSet *s, const char *name) {
    for (int i = 0; i < s->len; i++)
        if (s->names[i] == name) return;
    if (s->len == s->cap) {
        int cap = s->cap ? s->cap * 2 : 8;
        s->names = arena_grow(a, s->names, sizeof(char *), (size_t)s->len, (size_t)cap);
        s->cap = cap;
    }
    s->names[s->len++] = name;
}

static void collect_target(Interp *in, const Node *t, NameSet *locals) {
    if (!t) return;
    switch (t->kind) {
    case AST_NAME: nameset_add(in->arena, locals, t->name.id); break;
    case AST_TUPLE:
    case AST_LIST:
        for (int i = 0; i < t->seq.elts.len; i++) collect_target(in, t->seq.elts.items[i], locals);
        break;
    case AST_STARRED: collect_target(in, t->starred.value, locals); break;
    default: break; /* attributes and subscripts bind no name */
    }
}

static void collect_block(Interp *in, const NodeList *body, NameSet *locals, NameSet *globals,
                          NameSet *nonlocals);

typedef struct ScopeNames {
    Interp *in;
    NameSet *locals, *globals, *nonlocals;
} ScopeNames;

/* A block of a compound statement; an except handler binds its name first. */
static void collect_in_block(void *ctx, Node *owner, NodeList *block) {
    ScopeNames *sn = ctx;
    if (owner->kind == AST_EXCEPT_HANDLER && owner->handler.name)
        nameset_add(sn->in->arena, sn->locals, vm_intern(sn->in, owner->handler.name));
    collect_block(sn->in, block, sn->locals, sn->globals, sn->nonlocals);
}

/* The names a statement binds itself, then those of its blocks (in source order:
   the order of the function's locals). */
static void collect_stmt(Interp *in, const Node *s, NameSet *locals, NameSet *globals,
                         NameSet *nonlocals) {
    switch (s->kind) {
    case AST_ASSIGN:
        for (int i = 0; i < s->assign.targets.len; i++)
            collect_target(in, s->assign.targets.items[i], locals);
        break;
    case AST_AUGASSIGN: collect_target(in, s->augassign.target, locals); break;
    case AST_ANNASSIGN: collect_target(in, s->annassign.target, locals); break;
    case AST_DEL:
        for (int i = 0; i < s->del.targets.len; i++)
            collect_target(in, s->del.targets.items[i], locals);
        break;
    case AST_FOR: collect_target(in, s->for_.target, locals); break;
    case AST_WITH:
        for (int i = 0; i < s->with.items.len; i++)
            collect_target(in, s->with.items.items[i]->withitem.vars, locals);
        break;
    case AST_FUNCDEF: nameset_add(in->arena, locals, vm_intern(in, s->funcdef.name)); break;
    case AST_CLASSDEF: nameset_add(in->arena, locals, vm_intern(in, s->classdef.name)); break;
    case AST_IMPORT:
        for (int i = 0; i < s->import.names.len; i++) {
            const Node *a = s->import.names.items[i];
            const char *n = a->alias.asname ? a->alias.asname : a->alias.name;
            const char *dot = a->alias.asname ? NULL : strchr(n, '.');
            nameset_add(in->arena, locals,
                        dot ? arena_intern(in->arena, n, (size_t)(dot - n)) : vm_intern(in, n));
        }
        break;
    case AST_IMPORT_FROM:
        for (int i = 0; i < s->import_from.names.len; i++) {
            const Node *a = s->import_from.names.items[i];
            nameset_add(in->arena, locals,
                        vm_intern(in, a->alias.asname ? a->alias.asname : a->alias.name));
        }
        break;
    case AST_GLOBAL:
        for (int i = 0; i < s->names.len; i++)
            nameset_add(in->arena, globals, vm_intern(in, s->names.names[i]));
        break;
    case AST_NONLOCAL:
        for (int i = 0; i < s->names.len; i++)
            nameset_add(in->arena, nonlocals, vm_intern(in, s->names.names[i]));
        break;
    default: break;
    }
    ScopeNames sn = {in, locals, globals, nonlocals};
    ast_for_each_block((Node *)s, collect_in_block, &sn); /* none for defs and classes */
}

static void collect_block(Interp *in, const NodeList *body, NameSet *locals, NameSet *globals,
                          NameSet *nonlocals) {
    for (int i = 0; i < body->len; i++)
        collect_stmt(in, body->items[i], locals, globals, nonlocals);
}

static void analyse_scope(Interp *in, Function *fn) {
    NameSet locals = {0}, globals = {0}, nonlocals = {0};
    const Params *p = fn->params;
    for (int i = 0; i < p->args.len; i++)
        nameset_add(in->arena, &locals, vm_intern(in, p->args.items[i]->arg.name));
    for (int i = 0; i < p->kwonly.len; i++)
        nameset_add(in->arena, &locals, vm_intern(in, p->kwonly.items[i]->arg.name));
    if (p->vararg) nameset_add(in->arena, &locals, vm_intern(in, p->vararg->arg.name));
    if (p->kwarg) nameset_add(in->arena, &locals, vm_intern(in, p->kwarg->arg.name));
    if (fn->def->kind == AST_FUNCDEF)
        collect_block(in, &fn->def->funcdef.body, &locals, &globals, &nonlocals);
    /* Declared global/nonlocal names are not locals. */
    NameSet final = {0};
    for (int i = 0; i < locals.len; i++) {
        bool skip = false;
        for (int k = 0; k < globals.len; k++) skip |= globals.names[k] == locals.names[i];
        for (int k = 0; k < nonlocals.len; k++) skip |= nonlocals.names[k] == locals.names[i];
        if (!skip) nameset_add(in->arena, &final, locals.names[i]);
    }
    fn->locals = final.names;
    fn->nlocals = final.len;
    fn->globals = globals.names;
    fn->nglobals = globals.len;
    fn->nonlocals = nonlocals.names;
    fn->nnonlocals = nonlocals.len;
    fn->scope_done = true;
}

/* ---- Binding arguments to parameters --------------------------------------------------- */

static Value *missing_args(Interp *in, Function *fn, const char **names, int n, const char *kind,
                           SrcLoc loc) {
    StrBuf sb;
    strbuf_init(&sb, in->arena);
    for (int i = 0; i < n; i++) {
        if (i) strbuf_puts(&sb, i == n - 1 ? (n > 2 ? ", and " : " and ") : ", ");
        strbuf_printf(&sb, "'%s'", names[i]);
    }
    return vm_type_error(in, loc, "%s() missing %d required %s argument%s: %s", fn->qualname, n,
                         kind, n == 1 ? "" : "s", strbuf_cstr(&sb));
}

static bool bind_params(Interp *in, Function *fn, CallArgs *args, Env *env, SrcLoc loc) {
    const Params *p = fn->params;
    int nparams = p->args.len;
    Value **slots = ARENA_ARRAY(in->arena, Value *, nparams + 1);
    if (args->npos > nparams && !p->vararg) {
        int nreq = 0;
        for (int i = 0; i < nparams; i++) nreq += fn->defaults[i] == NULL;
        if (nreq == nparams)
            vm_type_error(in, loc, "%s() takes %d positional argument%s but %d %s given",
                          fn->qualname, nparams, nparams == 1 ? "" : "s", args->npos,
                          args->npos == 1 ? "was" : "were");
        else
            vm_type_error(in, loc, "%s() takes from %d to %d positional arguments but %d %s given",
                          fn->qualname, nreq, nparams, args->npos,
                          args->npos == 1 ? "was" : "were");
        return false;
    }
    int npos = args->npos < nparams ? args->npos : nparams;
    for (int i = 0; i < npos; i++) slots[i] = args->pos[i];
    Value *varargs = value_tuple(in->arena, args->npos > nparams ? args->npos - nparams : 0);
    for (int i = nparams; i < args->npos; i++) varargs->list->items[i - nparams] = args->pos[i];

    Value **kwonly = ARENA_ARRAY(in->arena, Value *, p->kwonly.len + 1);
    Value *kwargs = p->kwarg ? value_dict(in->arena) : NULL;
    for (int k = 0; k < args->nkw; k++) {
        const char *name = args->kw_names[k];
        bool found = false;
        for (int i = 0; i < nparams && !found; i++) {
            if (vm_intern(in, p->args.items[i]->arg.name) != name) continue;
            if (slots[i]) {
                vm_type_error(in, loc, "%s() got multiple values for argument '%s'", fn->qualname,
                              name);
                return false;
            }
            slots[i] = args->kw_values[k];
            found = true;
        }
        for (int i = 0; i < p->kwonly.len && !found; i++) {
            if (vm_intern(in, p->kwonly.items[i]->arg.name) != name) continue;
            kwonly[i] = args->kw_values[k];
            found = true;
        }
        if (found) continue;
        if (!kwargs) {
            vm_type_error(in, loc, "%s() got an unexpected keyword argument '%s'", fn->qualname,
                          name);
            return false;
        }
        dict_set(in->arena, kwargs->dict, value_cstr(in->arena, name), args->kw_values[k]);
    }
    const char **missing = ARENA_ARRAY(in->arena, const char *, nparams + p->kwonly.len + 1);
    int nmissing = 0;
    for (int i = 0; i < nparams; i++) {
        if (!slots[i]) slots[i] = fn->defaults[i];
        if (!slots[i]) missing[nmissing++] = p->args.items[i]->arg.name;
    }
    if (nmissing) {
        missing_args(in, fn, missing, nmissing, "positional", loc);
        return false;
    }
    for (int i = 0; i < p->kwonly.len; i++) {
        if (!kwonly[i]) kwonly[i] = fn->kwonly_defaults[i];
        if (!kwonly[i]) missing[nmissing++] = p->kwonly.items[i]->arg.name;
    }
    if (nmissing) {
        missing_args(in, fn, missing, nmissing, "keyword-only", loc);
        return false;
    }
    for (int i = 0; i < nparams; i++)
        env_set_local(in, env, vm_intern(in, p->args.items[i]->arg.name), slots[i]);
    for (int i = 0; i < p->kwonly.len; i++)
        env_set_local(in, env, vm_intern(in, p->kwonly.items[i]->arg.name), kwonly[i]);
    if (p->vararg) env_set_local(in, env, vm_intern(in, p->vararg->arg.name), varargs);
    if (p->kwarg) env_set_local(in, env, vm_intern(in, p->kwarg->arg.name), kwargs);
    return true;
}

bool frame_enter(Interp *in, bool counted, SrcLoc loc) {
    if (in->depth + counted >= INTERP_MAX_DEPTH || in->frames >= INTERP_MAX_FRAMES)
        return vm_raise(in, EXC_RECURSION_ERROR, loc, "maximum recursion depth exceeded"), false;
    in->depth += counted;
    in->frames++;
    return true;
}

void frame_leave(Interp *in, bool counted) {
    in->depth -= counted;
    in->frames--;
}

bool call_binds(Interp *in, Function *fn, CallArgs *args, SrcLoc loc) {
    Env *scratch = env_new(in, fn->closure, fn->module, fn->def);
    return bind_params(in, fn, args, scratch, loc);
}

Value *call_function(Interp *in, Function *fn, CallArgs *args, SrcLoc loc) {
    if (!fn->scope_done) analyse_scope(in, fn);
    Env *env = env_new(in, fn->closure, fn->module, fn->def);
    env->fn = fn;
    env->globals = fn->globals;
    env->nglobals = fn->nglobals;
    env->nonlocals = fn->nonlocals;
    env->nnonlocals = fn->nnonlocals;
    for (int i = 0; i < fn->nlocals; i++) env_set_local(in, env, fn->locals[i], NULL);
    if (!bind_params(in, fn, args, env, loc)) return NULL;
    bool counted = !fn->def->generated;
    if (!frame_enter(in, counted, loc)) return NULL;

    PyFrame frame = {.call_loc = loc,
                     .callee_name = fn->name,
                     .parent = in->py_chain,
                     .hidden = fn->def->generated,
                     .library = fn->module->is_library};
    const PyFrame *saved_chain = in->py_chain;
    in->py_chain = &frame;
    Env *saved_env = in->env;
    in->env = env;
    Value *result;
    if (fn->def->kind == AST_LAMBDA) {
        result = eval(in, env, fn->def->lambda.body);
    } else {
        ExecStatus st = exec_block(in, env, &fn->def->funcdef.body);
        result = st == EXEC_ERROR ? NULL : st == EXEC_RETURN ? in->return_value : value_none();
    }
    in->py_chain = saved_chain;
    in->env = saved_env;
    frame_leave(in, counted);
    return result;
}

Value *call_from_script(Interp *in, Value *callee, CallArgs *args, SrcLoc loc) {
    SrcLoc saved = in->user_loc;
    if (!vm_is_library_file(in, loc.file)) in->user_loc = loc;
    Value *r = call_value(in, callee, args, loc);
    in->user_loc = saved;
    return r;
}

Value *call_value(Interp *in, Value *callee, CallArgs *args, SrcLoc loc) {
    switch (callee->kind) {
    case VAL_FUNCTION: return call_function(in, callee->fn, args, loc);
    case VAL_BUILTIN: return callee->builtin->fn(in, callee->builtin->self, args, loc);
    case VAL_CLASS: return class_call(in, callee->cls, args, loc);
    case VAL_METHOD: return call_method_value(in, callee, args, loc);
    case VAL_STATICMETHOD: return call_value(in, callee->wrapped, args, loc);
    case VAL_INSTANCE: {
        Value *call = special_method(in, callee, in->dunder.call);
        if (!call) break;
        return call_value(in, class_bind(in, call, callee, callee->inst->cls), args, loc);
    }
    default: {
        const ForeignType *type = value_foreign(callee);
        if (type && type->call) return type->call(in, callee, args, loc);
        break;
    }
    }
    return vm_type_error(in, loc, "'%s' object is not callable", value_type_name(callee));
}

bool args_bind(Interp *in, CallArgs *args, const char *fname, const char *const *names, int n,
               int nrequired, Value **out, SrcLoc loc) {
    for (int i = 0; i < n; i++) out[i] = NULL;
    if (args->npos > n) {
        vm_type_error(in, loc, "%s() takes %s %d positional argument%s but %d %s given", fname,
                      nrequired == n ? "exactly" : "at most", n, n == 1 ? "" : "s", args->npos,
                      args->npos == 1 ? "was" : "were");
        return false;
    }
    for (int i = 0; i < args->npos; i++) out[i] = args->pos[i];
    for (int k = 0; k < args->nkw; k++) {
        int i = 0;
        while (i < n && strcmp(names[i], args->kw_names[k]) != 0) i++;
        if (i == n) {
            vm_type_error(in, loc, "%s() got an unexpected keyword argument '%s'", fname,
                          args->kw_names[k]);
            return false;
        }
        if (out[i]) {
            vm_type_error(in, loc, "%s() got multiple values for argument '%s'", fname, names[i]);
            return false;
        }
        out[i] = args->kw_values[k];
    }
    for (int i = 0; i < nrequired; i++)
        if (!out[i]) {
            vm_type_error(in, loc, "%s() missing required argument '%s' (pos %d)", fname, names[i],
                          i + 1);
            return false;
        }
    return true;
}

bool args_no_keywords(Interp *in, CallArgs *args, const char *fname, SrcLoc loc) {
    if (args->nkw == 0) return true;
    vm_type_error(in, loc, "%s() takes no keyword arguments", fname);
    return false;
}

bool args_count(Interp *in, CallArgs *args, const char *fname, int lo, int hi, SrcLoc loc) {
    if (!args_no_keywords(in, args, fname, loc)) return false;
    if (args->npos >= lo && args->npos <= hi) return true;
    if (lo == hi)
        vm_type_error(in, loc, "%s() takes exactly %s (%d given)", fname,
                      lo == 1 ? "one argument" : arena_printf(in->arena, "%d arguments", lo),
                      args->npos);
    else if (args->npos < lo)
        vm_type_error(in, loc, "%s expected at least %d argument%s, got %d", fname, lo,
                      lo == 1 ? "" : "s", args->npos);
    else
        vm_type_error(in, loc, "%s expected at most %d arguments, got %d", fname, hi, args->npos);
    return false;
}
