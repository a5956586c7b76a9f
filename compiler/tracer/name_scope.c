/* name_scope.c — tf.name_scope: the prefix of the names a script's ops and variables
 * get ("block/dense/MatMul:0", "block/w:0"). Entering a scope inside a tf.function
 * makes its name unique in the graph as TensorFlow's graphs do ("block", then
 * "block_1"); outside one, as in TensorFlow's eager mode, the name is used as given.
 * A name ending in "/" is a scope entered again as it is (tf.Module.name_scope); ""
 * is the root. In a graph a name must match TensorFlow's patterns (a first scope may
 * not start with '_', '-', '/' or '>'); eagerly any name goes, as in TensorFlow.
 * Entry point: name_scope_prims_install. Memory owner: the interpreter's arena. */
#include <string.h>

#include "tracer_internal.h"

/* TensorFlow's graph rule: [A-Za-z0-9_.\\/>-]*, and at the root a first character
   from [A-Za-z0-9.]. */
static bool valid_scope_name(const char *name, bool at_root) {
    for (const char *p = name; *p; p++) {
        bool alnum = (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
                     (*p >= '0' && *p <= '9');
        bool first_ok = alnum || *p == '.';
        if (p == name && at_root ? !first_ok : !(first_ok || strchr("_\\/>-", *p)))
            return false;
    }
    return true;
}

/* _ingot.name_scope_enter(name): enters the scope; returns the one it leaves, for
   name_scope_exit. */
static Value *prim_name_scope_enter(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    static const char *const names[] = {"name"};
    Value *a[1];
    if (!args_bind(in, args, "name_scope_enter", names, 1, 1, a, loc)) return NULL;
    if (a[0]->kind != VAL_STR)
        return vm_type_error(in, loc, "name_scope_enter: the name must be a str");
    Tracer *tr = in->tracer;
    const char *outer = tr->name_scope ? tr->name_scope : "";
    const char *name = a[0]->str.s;
    size_t len = strlen(name);
    if (len == 0 || name[len - 1] == '/') {
        tr->name_scope = name;
    } else {
        if (tr->tracing && !valid_scope_name(name, outer[0] == '\0'))
            return vm_raise(in, EXC_VALUE_ERROR, loc,
                            "'%s' is not a valid scope name. A scope name has to match the "
                            "following pattern: %s",
                            name, outer[0] ? "^[A-Za-z0-9_.\\\\/>-]*$"
                                           : "^[A-Za-z0-9.][A-Za-z0-9_.\\\\/>-]*$");
        const char *full = tr->tracing ? unique_op_name(in, name, true)
                                       : arena_printf(in->arena, "%s%s", outer, name);
        tr->name_scope = arena_printf(in->arena, "%s/", full);
    }
    return value_cstr(in->arena, outer);
}

/* _ingot.name_scope_exit(outer): back to the scope name_scope_enter returned. */
static Value *prim_name_scope_exit(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    static const char *const names[] = {"outer"};
    Value *a[1];
    if (!args_bind(in, args, "name_scope_exit", names, 1, 1, a, loc)) return NULL;
    if (a[0]->kind != VAL_STR)
        return vm_type_error(in, loc, "name_scope_exit: the scope must be a str");
    in->tracer->name_scope = a[0]->str.s;
    return value_none();
}

/* _ingot.name_scope_current(): the scope now, "" or "outer/inner/". */
static Value *prim_name_scope_current(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    if (!args_bind(in, args, "name_scope_current", NULL, 0, 0, NULL, loc)) return NULL;
    return value_cstr(in->arena, in->tracer->name_scope ? in->tracer->name_scope : "");
}

void name_scope_prims_install(Interp *in, PyModule *m) {
    static const PrimDef prims[] = {
        {"name_scope_enter", prim_name_scope_enter},
        {"name_scope_exit", prim_name_scope_exit},
        {"name_scope_current", prim_name_scope_current},
    };
    prims_install(in, m, prims, sizeof prims / sizeof prims[0], NULL);
}
