/* side_effects.c — the seed's pitfall made visible (TF-SEMANTICS.md §1 "Python side
 * effects"): Python state changed while a tf.function is being traced changes once,
 * at build time, not on every call of the compiled program. A global or nonlocal
 * rebound, or a list, dict or module that outlives the trace changed (an item or
 * an attribute set, a mutating method called), while tracing gets a
 * warning (-Wtrace-side-effect) at the statement, once per place.
 * Entry point: side_effect_check. Memory owner: the interpreter's Arena. */
#include "interp_internal.h"

void side_effect_check(Interp *in, Env *env, const char *name, const char *what, SrcLoc loc) {
    if (!in->tracing || in->opt->disabled_warnings[WARN_TRACE_SIDE_EFFECT]) return;
    Env *scope = env_binding_scope(in, env, name);
    /* Bound in this trace's frames (or not at all): local state, nothing outlives it. */
    if (!scope || scope == in->builtins || scope->trace_serial == in->trace_serial) return;
    SrcLoc at = interp_op_loc(in, loc);
    Value *key = value_cstr(in->arena, arena_printf(in->arena, "%p:%d:%d", (const void *)at.file, at.line, at.col));
    if (!in->side_effects_warned) in->side_effects_warned = value_dict(in->arena)->dict;
    if (dict_get(in->side_effects_warned, key)) return;
    dict_set(in->arena, in->side_effects_warned, key, value_none());
    Value *v = env_get_local(scope, name);
    const char *kind = scope == env->module->globals ? "global" : "variable of an enclosing function";
    const char *type = v && (v->kind == VAL_LIST || v->kind == VAL_DICT || v->kind == VAL_MODULE) ? value_type_name(v)
                                                                                                : NULL;
    interp_warning(in, WARN_TRACE_SIDE_EFFECT, loc,
                   "Python %s%s '%s' %s inside tf.function '%s': this happens once, while tracing, not on every "
                   "call of the program; use a tf.Variable (or return the value) for state that changes per call",
                   type ? type : kind, type ? (scope == env->module->globals ? " (a global)" : "") : "", name, what,
                   in->tracing->name);
}
