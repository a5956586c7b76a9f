/* library.c — what `ingot build --lib` exports, decided after the script's top level
 * has run (VmHooks.after_main): every module-level tf.function, traced at its
 * input_signature, becomes a C function (Module.exports); one without a signature
 * is an error naming it, as a C function needs its argument types. The function
 * NAME_new runs to read the weights from a file is traced from the stdlib's
 * tensorflow/_library.py (Module.restore). Entry point: library_collect.
 * Memory owner: the interpreter's Arena. */
#include <stdlib.h>
#include <string.h>

#include "function.h"
#include "tracer_internal.h"

/* The module-level name bound to tf, or NULL (a method, a nested function). */
static const char *global_name_of(Interp *in, const TfFunction *tf) {
    const Env *g = in->main_module->globals;
    for (int i = 0; i < g->cap; i++) {
        const Binding *b = &g->slots[i];
        if (b->name && b->value && b->value->kind == VAL_TF_FUNCTION && b->value->tf_fn == tf)
            return b->name;
    }
    return NULL;
}

/* The C library's tensors are numbers: a string argument or result has no NAME_dtype. */
static bool check_numeric(Interp *in, const char *fn, const char *what, DType dt, SrcLoc loc) {
    if (dt != DT_STRING) return true;
    vm_not_supported(in, loc,
                     arena_printf(in->arena,
                                  "the string %s of '%s' in a C library (its tensors are numbers)",
                                  what, fn));
    return false;
}

static bool add_export(Interp *in, Module *m, TfFunction *tf, const char *name) {
    SrcLoc loc = tf->python_function->fn->def->loc;
    if (!tf->input_signature) {
        vm_raise(in, EXC_TYPE_ERROR, loc,
                 "'%s' has no input_signature: `ingot build --lib` exports every module-level "
                 "tf.function as a C function, whose arguments need a type "
                 "(@tf.function(input_signature=[tf.TensorSpec(...), ...]))",
                 name);
        return false;
    }
    static const char *const taken[] = {"new", "delete", "last_error"};
    for (size_t i = 0; i < sizeof taken / sizeof taken[0]; i++)
        if (strcmp(name, taken[i]) == 0) {
            vm_raise(in, EXC_VALUE_ERROR, loc,
                     "a library cannot export a function named '%s': NAME_%s is one of its "
                     "own entry points (rename the function)",
                     name, name);
            return false;
        }
    for (const char *p = name; *p; p++)
        if ((unsigned char)*p >= 0x80) {
            vm_not_supported(in, loc,
                             arena_printf(in->arena,
                                          "exporting '%s' from a C library: C names are ASCII",
                                          name));
            return false;
        }
    ConcreteFunction *cf = tf_function_signature_trace(in, tf, loc);
    if (!cf) return false;
    const Region *body = cf->func->body;
    const List *specs = tf->input_signature;
    if (body->nparams != specs->len) {
        vm_not_supported(
            in, loc,
            arena_printf(in->arena,
                         "exporting '%s', which uses a tensor made outside it (a library runs "
                         "no top level: make it inside the function, or a tf.Variable)",
                         name));
        return false;
    }
    const Params *params = tf->python_function->fn->params;
    ModuleExport *e = &m->exports[m->nexports];
    *e = (ModuleExport){.name = name, .func = cf->func, .loc = loc};
    e->param_names = ARENA_ARRAY(in->arena, const char *, specs->len + 1);
    e->param_specs = ARENA_ARRAY(in->arena, const char *, specs->len + 1);
    for (int i = 0; i < specs->len; i++) {
        e->param_names[i] = i < params->args.len ? params->args.items[i]->arg.name
                                                 : arena_printf(in->arena, "arg%d", i);
        e->param_specs[i] = value_repr(in->arena, specs->items[i]);
        if (!check_numeric(in, name, arena_printf(in->arena, "argument '%s'", e->param_names[i]),
                           body->params[i]->type.dtype, loc))
            return false;
    }
    for (int i = 0; i < body->nresults; i++)
        if (!check_numeric(in, name, "result", body->results[i]->type.dtype, loc)) return false;
    m->nexports++;
    return true;
}

/* The script's top-level names and values, sorted by name: the weights' roots. */
static Value *top_level_roots(Interp *in) {
    const Env *g = in->main_module->globals;
    const char **names = ARENA_ARRAY(in->arena, const char *, g->cap + 1);
    int n = 0;
    for (int i = 0; i < g->cap; i++)
        if (g->slots[i].name && g->slots[i].value) names[n++] = g->slots[i].name;
    for (int i = 1; i < n; i++) /* insertion sort: a script has few globals */
        for (int j = i; j > 0 && strcmp(names[j - 1], names[j]) > 0; j--) {
            const char *t = names[j];
            names[j] = names[j - 1];
            names[j - 1] = t;
        }
    Value *roots = value_dict(in->arena);
    for (int i = 0; i < n; i++)
        dict_set(in->arena, roots->dict, value_str(in->arena, names[i], strlen(names[i])),
                 env_get_local((Env *)g, names[i]));
    return roots;
}

/* Module.restore: _library.restore_function(roots), traced at its signature. */
static bool add_restore(Interp *in, Module *m, SrcLoc loc) {
    PyModule *lib = pymodule_import(in, "tensorflow._library", in->main_module, 0, loc);
    if (!lib) return false;
    Value *make = env_get_local(lib->globals, vm_intern(in, "restore_function"));
    IG_ASSERT(make != NULL);
    Value *arg = top_level_roots(in);
    CallArgs args = {.pos = &arg, .npos = 1};
    Value *fn = call_value(in, make, &args, loc);
    if (!fn) return false;
    IG_ASSERT(fn->kind == VAL_TF_FUNCTION);
    ConcreteFunction *cf = tf_function_signature_trace(in, fn->tf_fn, loc);
    if (!cf) return false;
    m->restore = cf->func;
    return true;
}

bool library_collect(Interp *in) {
    Module *m = in->tracer->module;
    Tracer *t = in->tracer;
    /* Registered in the order they were made; traces below register more. */
    int n = t->ntf_functions;
    m->exports = ARENA_ARRAY(in->arena, ModuleExport, n + 1);
    for (int i = 0; i < n; i++) {
        TfFunction *tf = t->tf_functions[i];
        if (tf->bound_self) continue;
        const char *name = global_name_of(in, tf);
        if (name && !add_export(in, m, tf, name)) return false;
    }
    return add_restore(in, m, m->funcs[0]->loc);
}
