/* side_effects.c — the seed's pitfall made visible (TF-SEMANTICS.md §1 "Python side
 * effects"): Python state changed while a tf.function is being traced changes once,
 * at build time, not on every call of the compiled program. A global or nonlocal
 * rebound, or a list, dict, module or object that outlives the trace changed (an
 * item or an attribute set, a mutating method called), while tracing gets a
 * warning (-Wtrace-side-effect) at the statement, once per place. An object is
 * one made before the trace began even when a parameter names it (`self`).
 * Entry point: side_effect_check. Memory owner: the interpreter's Arena. */
#include "function.h"
#include "tracer_internal.h"

static bool first_warning_here(Interp *in, SrcLoc at) {
    Value *key = value_cstr(
        in->arena, arena_printf(in->arena, "%p:%d:%d", (const void *)at.file, at.line, at.col));
    if (!in->tracer->side_effects_warned)
        in->tracer->side_effects_warned = value_dict(in->arena)->dict;
    if (dict_get(in->tracer->side_effects_warned, key)) return false;
    dict_set(in->arena, in->tracer->side_effects_warned, key, value_none());
    return true;
}

static const char *const per_call_advice = "this happens once, while tracing, not on every call of "
                                           "the program; use a tf.Variable (or return the value) "
                                           "for state that changes per call";

void side_effect_check(Interp *in, Env *env, const char *name, const char *what, bool mutates,
                       SrcLoc loc) {
    if (!in->tracer->tracing || in->opt->disabled_warnings[WARN_TRACE_SIDE_EFFECT]) return;
    /* The library's own bookkeeping (a layer marking itself built, Keras's stack of
       `training` values, a name counter) is not the script's pitfall. */
    if (vm_is_library_file(in, loc.file)) return;
    Env *scope = env_binding_scope(in, env, name);
    if (!scope || scope == in->builtins) return;
    Value *v = env_get_local(scope, name);
    if (scope->epoch == in->epoch) {
        /* A name of this trace: only an object it names that was made before the trace
           (an instance passed in, self) outlives it. */
        if (!mutates || !v || v->kind != VAL_INSTANCE || v->inst->epoch == in->epoch) return;
        if (!first_warning_here(in, vm_op_loc(in, loc))) return;
        vm_warning(in, WARN_TRACE_SIDE_EFFECT, loc,
                   "Python object '%s' (%s '%s' made outside the trace) %s inside "
                   "tf.function '%s': %s",
                   name, indefinite_article(v->inst->cls->name), v->inst->cls->name, what,
                   in->tracer->tracing->name, per_call_advice);
        return;
    }
    if (!first_warning_here(in, vm_op_loc(in, loc))) return;
    const char *kind =
        scope == env->module->globals ? "global" : "variable of an enclosing function";
    const char *type = v && (v->kind == VAL_LIST || v->kind == VAL_DICT || v->kind == VAL_MODULE)
                           ? value_type_name(v)
                           : NULL;
    if (mutates && v && v->kind == VAL_INSTANCE)
        type = arena_printf(in->arena, "object (%s '%s')", indefinite_article(v->inst->cls->name),
                            v->inst->cls->name);
    vm_warning(in, WARN_TRACE_SIDE_EFFECT, loc, "Python %s%s '%s' %s inside tf.function '%s': %s",
               type ? type : kind, type ? (scope == env->module->globals ? " (a global)" : "") : "",
               name, what, in->tracer->tracing->name, per_call_advice);
}
