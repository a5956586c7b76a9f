/* side_effects.c — the seed's pitfall made visible (TF-SEMANTICS.md §1 "Python side
 * effects"): Python state changed while a tf.function is being traced changes once,
 * at build time, not on every call of the compiled program. A global or nonlocal
 * rebound, or a list, dict, set, module or object that outlives the trace changed (an
 * item or an attribute set, a mutating method called), while tracing gets a
 * warning (-Wtrace-side-effect) at the statement, once per place. An object is
 * one made before the trace began even when a parameter names it (`self`), and so is
 * what is reached from it (`self.log.append(x)`). A list or dict passed in is another
 * pitfall: the trace changes its own copy (TensorFlow copies the structures among the
 * arguments), so the caller's never changes at all. Python's print() of a symbolic
 * tensor, or an f-string or format() formatting one, inside a trace or at the traced
 * top level, shows no value: a warning too (-Wprint-traced-tensor).
 * Entry points: side_effect_check, print_check, format_check.
 * Memory owner: the interpreter's Arena. */
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

/* "list", "object (a 'Logger')": the kind of object a change is made to. */
static const char *object_kind(Interp *in, const Value *v) {
    if (v && (v->kind == VAL_LIST || v->kind == VAL_DICT || v->kind == VAL_SET ||
              v->kind == VAL_MODULE))
        return value_type_name(v);
    if (v && v->kind == VAL_INSTANCE)
        return arena_printf(in->arena, "object (%s '%s')", indefinite_article(v->inst->cls->name),
                            v->inst->cls->name);
    return "object";
}

void collect_containers(Arena *a, Value *v, List *out) {
    if (v->kind == VAL_LIST || v->kind == VAL_DICT) list_append(a, out, v);
    if (value_is_sequence(v))
        for (int i = 0; i < v->list->len; i++) collect_containers(a, v->list->items[i], out);
    else if (v->kind == VAL_DICT)
        for (int i = 0; i < v->dict->nentries; i++)
            if (v->dict->entries[i].key) collect_containers(a, v->dict->entries[i].value, out);
}

/* v is one of the trace's copies of its arguments' lists and dicts. */
static bool is_argument_copy(const Interp *in, const Value *v) {
    const List *copies = in->tracer->argument_copies;
    if (!v || !copies || (v->kind != VAL_LIST && v->kind != VAL_DICT)) return false;
    for (int i = 0; i < copies->len; i++) {
        const Value *c = copies->items[i];
        if (c->kind == v->kind && (v->kind == VAL_LIST ? c->list == v->list : c->dict == v->dict))
            return true;
    }
    return false;
}

void side_effect_check(Interp *in, Env *env, const VmStore *store, SrcLoc loc) {
    if (!in->tracer->tracing || in->opt->disabled_warnings[WARN_TRACE_SIDE_EFFECT]) return;
    /* The library's own bookkeeping (a layer marking itself built, Keras's stack of
       `training` values, a name counter) is not the script's pitfall. */
    if (vm_is_library_file(in, loc.file)) return;
    const char *name = store->name, *what = store->what;
    bool mutates = store->mutates;
    Env *scope = env_binding_scope(in, env, name);
    if (!scope || scope == in->builtins) return;
    Value *v = env_get_local(scope, name);
    const char *tracing = in->tracer->tracing->name;
    /* The object changed: the name's own, or one reached from it when known (a
       subscript's is not: objs[0].n = 5 may change the caller's object, not the copy). */
    const Value *copy = !mutates ? NULL : store->path ? store->target : v;
    if (scope->epoch == in->epoch && is_argument_copy(in, copy)) {
        if (!first_warning_here(in, vm_op_loc(in, loc))) return;
        vm_warning(in, WARN_TRACE_SIDE_EFFECT, loc,
                   "Python %s '%s' %s inside tf.function '%s' is the trace's own copy of the "
                   "%s passed in (tf.function copies the lists and dicts among its arguments): "
                   "the caller's %s does not change, at build time or when the program runs; "
                   "return the new value instead",
                   value_type_name(copy), store->path ? store->path : name, what, tracing,
                   value_type_name(copy), value_type_name(copy));
        return;
    }
    if (scope->epoch == in->epoch) {
        /* A name of this trace: only an object it names that was made before the trace
           (an instance passed in, self) outlives it, and what is reached from one. */
        if (!mutates || !v || v->kind != VAL_INSTANCE || v->inst->epoch == in->epoch) return;
        const Value *target = store->target;
        if (store->path && target && target->kind == VAL_INSTANCE &&
            target->inst->epoch == in->epoch)
            return; /* an object the trace made and keeps on self: that store warned */
        if (!first_warning_here(in, vm_op_loc(in, loc))) return;
        const char *cls = v->inst->cls->name;
        if (store->path)
            vm_warning(in, WARN_TRACE_SIDE_EFFECT, loc,
                       "Python %s '%s' (reached from '%s', %s '%s' made outside the trace) %s "
                       "inside tf.function '%s': %s",
                       object_kind(in, target), store->path, name, indefinite_article(cls), cls,
                       what, tracing, per_call_advice);
        else
            vm_warning(in, WARN_TRACE_SIDE_EFFECT, loc,
                       "Python object '%s' (%s '%s' made outside the trace) %s inside "
                       "tf.function '%s': %s",
                       name, indefinite_article(cls), cls, what, tracing, per_call_advice);
        return;
    }
    if (!first_warning_here(in, vm_op_loc(in, loc))) return;
    bool global = scope == env->module->globals;
    const char *kind = global ? "global" : "variable of an enclosing function";
    if (store->path) {
        vm_warning(in, WARN_TRACE_SIDE_EFFECT, loc,
                   "Python %s '%s' (reached from the %s '%s') %s inside tf.function '%s': %s",
                   object_kind(in, store->target), store->path, kind, name, what, tracing,
                   per_call_advice);
        return;
    }
    const char *type = v && (v->kind == VAL_LIST || v->kind == VAL_DICT || v->kind == VAL_SET ||
                             v->kind == VAL_MODULE)
                           ? value_type_name(v)
                           : NULL;
    if (mutates && v && v->kind == VAL_INSTANCE) type = object_kind(in, v);
    vm_warning(in, WARN_TRACE_SIDE_EFFECT, loc, "Python %s%s '%s' %s inside tf.function '%s': %s",
               type ? type : kind, type ? (global ? " (a global)" : "") : "", name, what, tracing,
               per_call_advice);
}

/* ---- print() of a traced tensor ----------------------------------------------------------- */

#define SYMBOLIC_SEARCH_DEPTH 64 /* deeper nesting is not looked into: a hint, not a rule */

/* The first symbolic tensor in v, looking into lists, tuples and dicts. A container
   met again inside itself (a = [1]; a.append(a), which print shows as [1, [...]]) is
   not looked into twice: path holds the containers being looked into. */
static const Value *find_symbolic(const Value *v, const void **path, int depth) {
    if (v->kind == VAL_TENSOR) return v->tensor.concrete ? NULL : v;
    bool seq = value_is_sequence(v);
    if ((!seq && v->kind != VAL_DICT) || depth == SYMBOLIC_SEARCH_DEPTH) return NULL;
    const void *self = seq ? (const void *)v->list : (const void *)v->dict;
    for (int i = 0; i < depth; i++)
        if (path[i] == self) return NULL;
    path[depth] = self;
    const Value *found = NULL;
    if (seq)
        for (int i = 0; i < v->list->len && !found; i++)
            found = find_symbolic(v->list->items[i], path, depth + 1);
    else
        for (int i = 0; i < v->dict->nentries && !found; i++)
            if (v->dict->entries[i].key)
                found = find_symbolic(v->dict->entries[i].value, path, depth + 1);
    return found;
}

/* The first symbolic tensor among print()'s arguments. */
static const Value *symbolic_tensor(const CallArgs *args) {
    const void *path[SYMBOLIC_SEARCH_DEPTH];
    for (int i = 0; i < args->npos; i++) {
        const Value *t = find_symbolic(args->pos[i], path, 0);
        if (t) return t;
    }
    return NULL;
}

/* The warning for a symbolic tensor t that `shows` ("print()", "an f-string") turns
   into text at loc, once per place. */
static void symbolic_text_warning(Interp *in, const Value *t, const char *shows, SrcLoc loc) {
    if (!first_warning_here(in, vm_op_loc(in, loc))) return;
    const char *name = t->tensor.tf_name ? t->tensor.tf_name : "?";
    if (in->tracer->tracing)
        vm_warning(in, WARN_PRINT_TRACED_TENSOR, loc,
                   "%s shows the traced tensor '%s' as a symbol, not its value, and only "
                   "while tracing tf.function '%s'; use tf.print to print the value on every call",
                   shows, name, in->tracer->tracing->name);
    else
        vm_warning(in, WARN_PRINT_TRACED_TENSOR, loc,
                   "%s at build time shows the tensor '%s' as a symbol, not its value "
                   "(TensorFlow, running the top level eagerly, would print the value); use "
                   "tf.print to print it when the program runs",
                   shows, name);
}

static bool symbolic_warning_wanted(Interp *in, SrcLoc loc) {
    return !in->opt->disabled_warnings[WARN_PRINT_TRACED_TENSOR] &&
           !vm_is_library_file(in, loc.file);
}

void print_check(Interp *in, const CallArgs *args, SrcLoc loc) {
    if (!symbolic_warning_wanted(in, loc)) return;
    const Value *t = symbolic_tensor(args);
    if (t) symbolic_text_warning(in, t, "print()", loc);
}

void format_check(Interp *in, const Value *v, SrcLoc loc) {
    if (!symbolic_warning_wanted(in, loc)) return;
    const void *path[SYMBOLIC_SEARCH_DEPTH];
    const Value *t = find_symbolic(v, path, 0);
    if (t) symbolic_text_warning(in, t, "an f-string or format()", loc);
}
