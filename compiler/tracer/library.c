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

/* Adds cf's function as export `name` (params: the Python names of its arguments,
   specs: their TensorSpecs as Python prints them). */
static bool record_export(Interp *in, Module *m, const char *name, ConcreteFunction *cf,
                          const char **params, const char **specs, int nspecs, SrcLoc loc) {
    /* NAME_new, NAME_delete, NAME_last_error and the header's types NAME_tensor and
       NAME_dtype are the library's own names. */
    static const char *const taken[] = {"new", "delete", "last_error", "tensor", "dtype"};
    for (size_t i = 0; i < sizeof taken / sizeof taken[0]; i++)
        if (strcmp(name, taken[i]) == 0) {
            vm_raise(in, EXC_VALUE_ERROR, loc,
                     "a library cannot export a function named '%s': NAME_%s is one of its "
                     "own names (rename the function)",
                     name, name);
            return false;
        }
    if (!c_identifier_spelling(name)) {
        vm_raise(in, EXC_VALUE_ERROR, loc,
                 "a library exports '%s' as a C function, NAME_%s: its name must be letters, "
                 "digits and '_' (ASCII)",
                 name, name);
        return false;
    }
    for (int i = 0; i < m->nexports; i++) {
        if (strcmp(m->exports[i].name, name) != 0) continue;
        /* A module-level function that tf.saved_model.save names under its own name. */
        if (m->exports[i].func == cf->func) return true;
        vm_raise(in, EXC_VALUE_ERROR, loc, "a library exports two functions named '%s'", name);
        return false;
    }
    const Region *body = cf->func->body;
    if (body->nparams != nspecs) {
        vm_not_supported(
            in, loc,
            arena_printf(in->arena,
                         "exporting '%s', which uses a tensor made outside it (a library runs "
                         "no top level: make it inside the function, or a tf.Variable)",
                         name));
        return false;
    }
    for (int i = 0; i < nspecs; i++)
        if (!check_numeric(in, name, arena_printf(in->arena, "argument '%s'", params[i]),
                           body->params[i]->type.dtype, loc))
            return false;
    for (int i = 0; i < body->nresults; i++)
        if (!check_numeric(in, name, "result", body->results[i]->type.dtype, loc)) return false;
    if (m->nexports == m->exports_cap) {
        int cap = m->exports_cap ? 2 * m->exports_cap : 8;
        m->exports = arena_grow(in->arena, m->exports, sizeof(ModuleExport),
                                (size_t)m->nexports, (size_t)cap);
        m->exports_cap = cap;
    }
    m->exports[m->nexports++] = (ModuleExport){.name = name, .func = cf->func,
                                               .param_names = params, .param_specs = specs,
                                               .loc = loc};
    return true;
}

/* A tf.function exported under name: traced at its input_signature. */
static bool add_tf_function(Interp *in, Module *m, TfFunction *tf, const char *name,
                            SrcLoc loc) {
    if (!tf->input_signature) {
        vm_raise(in, EXC_TYPE_ERROR, loc,
                 "'%s' has no input_signature: `ingot build --lib` exports every module-level "
                 "tf.function as a C function, whose arguments need a type "
                 "(@tf.function(input_signature=[tf.TensorSpec(...), ...]))",
                 tf->name);
        return false;
    }
    ConcreteFunction *cf = tf_function_signature_trace(in, tf, loc);
    if (!cf) return false;
    const List *specs = tf->input_signature;
    const Params *params = tf->python_function->fn->params;
    int self = tf->bound_self ? 1 : 0;
    const char **names = ARENA_ARRAY(in->arena, const char *, specs->len + 1);
    const char **texts = ARENA_ARRAY(in->arena, const char *, specs->len + 1);
    for (int i = 0; i < specs->len; i++) {
        /* A signature longer than the parameters binds (tf.function checked it): its
           extras are *rest's, named as a trace names them. */
        names[i] = tracing_positional_name(in, params, i + self);
        IG_ASSERT(names[i] != NULL);
        texts[i] = value_repr(in->arena, specs->items[i]);
    }
    return record_export(in, m, name, cf, names, texts, specs->len, loc);
}

/* A concrete function (f.get_concrete_function(specs)) exported under name. */
static bool add_concrete(Interp *in, Module *m, Value *v, const char *name, SrcLoc loc) {
    ConcreteFunction *cf = v->concrete.cf;
    const Region *body = cf->func->body;
    int n = body->nparams - (cf->captures ? cf->captures->n : 0);
    const char **names = ARENA_ARRAY(in->arena, const char *, n + 1);
    const char **texts = ARENA_ARRAY(in->arena, const char *, n + 1);
    for (int i = 0; i < n; i++) {
        const IrValue *p = body->params[i];
        names[i] = p->name_hint ? p->name_hint : arena_printf(in->arena, "arg%d", i);
        texts[i] = arena_printf(in->arena, "TensorSpec(shape=%s, dtype=tf.%s, name=None)",
                                shape_tuple_text(in->arena, &p->type.shape),
                                dtype_name(p->type.dtype));
    }
    return record_export(in, m, name, cf, names, texts, n, loc);
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

/* _library.plan(roots): the signatures tf.saved_model.save named (exported), and the
   function reading the weights (Module.restore), traced at its signature. */
static bool add_saved_and_restore(Interp *in, Module *m, SrcLoc loc) {
    PyModule *lib = pymodule_import(in, "tensorflow._library", in->main_module, 0, loc);
    if (!lib) return false;
    Value *plan = env_get_local(lib->globals, vm_intern(in, "plan"));
    IG_ASSERT(plan != NULL);
    Value *arg = top_level_roots(in);
    CallArgs args = {.pos = &arg, .npos = 1};
    Value *got = call_value(in, plan, &args, loc);
    if (!got) return false;
    IG_ASSERT(got->kind == VAL_TUPLE && got->list->len == 2);
    Value *signatures = got->list->items[0], *restore = got->list->items[1];
    m->saved_model = signatures->kind == VAL_DICT;
    if (signatures->kind == VAL_DICT) {
        const Dict *d = signatures->dict;
        for (int i = 0; i < d->nentries; i++) {
            const DictEntry *e = &d->entries[i];
            if (!e->key) continue;
            const char *name = e->key->str.s;
            Value *f = e->value;
            /* model.__call__: a method whose function is the instance's own tf.function. */
            if (f->kind == VAL_METHOD && f->method.fn->kind == VAL_TF_FUNCTION) f = f->method.fn;
            bool ok = f->kind == VAL_TF_FUNCTION
                          ? add_tf_function(in, m, f->tf_fn, name,
                                            f->tf_fn->python_function->fn->def->loc)
                      : f->kind == VAL_CONCRETE_FUNCTION
                          ? add_concrete(in, m, f, name, f->concrete.cf->func->loc)
                          : (vm_raise(in, EXC_VALUE_ERROR, loc,
                                      "tf.saved_model.save: signature '%s' is %s %s, not a "
                                      "tf.function or a concrete function",
                                      name, indefinite_article(value_type_name(f)),
                                      value_type_name(f)),
                             false);
            if (!ok) return false;
        }
    }
    IG_ASSERT(restore->kind == VAL_TF_FUNCTION);
    ConcreteFunction *cf = tf_function_signature_trace(in, restore->tf_fn, loc);
    if (!cf) return false;
    m->restore = cf->func;
    return true;
}

/* The variables the functions reachable from r read or change (random draws' generator
   states aside: they are no weights), into used; called functions walked once. */
static void mark_used(const Region *r, bool *used, bool *seen_funcs) {
    for (const Inst *x = r->first; x; x = x->next) {
        if (x->global && x->op != OP_INIT_VAR && !op_is_random(x->op))
            used[x->global->index] = true;
        if (x->op == OP_CALL && x->callee && !seen_funcs[x->callee->index]) {
            seen_funcs[x->callee->index] = true;
            mark_used(x->callee->body, used, seen_funcs);
        }
        for (int k = 0; k < x->nregions; k++) mark_used(x->regions[k], used, seen_funcs);
    }
}

/* A variable the exports use that the restore function does not set would keep its
   initial value whatever weights file NAME_new reads: said at build time. */
static void warn_unsaved_weights(Interp *in, const Module *m) {
    int ng = m->nglobals > 0 ? m->nglobals : 1, nf = m->nfuncs > 0 ? m->nfuncs : 1;
    bool *used = ARENA_ARRAY(in->arena, bool, ng), *seen = ARENA_ARRAY(in->arena, bool, nf);
    bool *restored = ARENA_ARRAY(in->arena, bool, ng);
    for (int i = 0; i < m->nexports; i++) mark_used(m->exports[i].func->body, used, seen);
    for (const Inst *x = m->restore->body->first; x; x = x->next)
        if (x->op == OP_ASSIGN_VAR) restored[x->global->index] = true;
    for (int g = 0; g < m->nglobals; g++)
        if (used[g] && !restored[g])
            vm_warning(in, WARN_UNSAVED_WEIGHT, m->globals[g]->loc,
                       "the library's functions use the variable '%s', which no weights file "
                       "sets (it is not reachable from the %s): reading weights leaves it at "
                       "its initial value",
                       m->globals[g]->name,
                       m->saved_model ? "object tf.saved_model.save saved"
                                            : "script's top-level variables and modules");
}

bool library_collect(Interp *in) {
    Module *m = in->tracer->module;
    Tracer *t = in->tracer;
    /* Registered in the order they were made; traces below register more. */
    int n = t->ntf_functions;
    for (int i = 0; i < n; i++) {
        TfFunction *tf = t->tf_functions[i];
        if (tf->bound_self) continue;
        const char *name = global_name_of(in, tf);
        if (name && !add_tf_function(in, m, tf, name, tf->python_function->fn->def->loc))
            return false;
    }
    if (!add_saved_and_restore(in, m, m->funcs[0]->loc)) return false;
    warn_unsaved_weights(in, m);
    return true;
}
