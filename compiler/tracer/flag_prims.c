/* flag_prims.c — _ingot.flag, behind ingot.flag(name, default, help): declares a
 * program flag in the module's table and returns the scalar tensor a 'flag' node
 * reads, so the value is chosen when the binary runs (./train --epochs=20).
 * Entry point: flag_prims_install (called by ingot_primitives_module). */
#include <string.h>

#include "tracer_internal.h"

/* The default as a scalar of the dtype TensorFlow gives that Python value: bool,
 * int32 (int64 when it does not fit), float32, string. NULL after an error. */
static const ConstData *flag_default(Interp *in, Value *v, const char *name, SrcLoc loc) {
    ConstData *c = ARENA_NEW(in->arena, ConstData);
    c->shape = shape_scalar();
    switch (v->kind) {
    case VAL_BOOL: {
        bool *b = ARENA_NEW(in->arena, bool);
        *b = v->b;
        c->dtype = DT_BOOL;
        c->data = b;
        return c;
    }
    case VAL_INT: {
        if (v->i >= INT32_MIN && v->i <= INT32_MAX) {
            int32_t *i = ARENA_NEW(in->arena, int32_t);
            *i = (int32_t)v->i;
            c->dtype = DT_INT32;
            c->data = i;
        } else {
            int64_t *i = ARENA_NEW(in->arena, int64_t);
            *i = v->i;
            c->dtype = DT_INT64;
            c->data = i;
        }
        return c;
    }
    case VAL_FLOAT: {
        float *f = ARENA_NEW(in->arena, float);
        *f = (float)v->f;
        c->dtype = DT_FLOAT32;
        c->data = f;
        return c;
    }
    case VAL_STR: {
        if (strlen(v->str.s) != v->str.len)
            return vm_raise(in, EXC_VALUE_ERROR, loc,
                            "the default of flag '%s' contains a NUL character", name),
                   NULL;
        const char **s = ARENA_NEW(in->arena, const char *);
        *s = v->str.s;
        c->dtype = DT_STRING;
        c->data = s;
        return c;
    }
    default: break;
    }
    if (value_is_tensor(v))
        return vm_type_error(in, loc,
                             "the default of flag '%s' must be a Python bool, int, float or "
                             "str, not a tensor "
                             "(flag values are fixed before the program runs)",
                             name),
               NULL;
    return vm_type_error(
               in, loc,
               "the default of flag '%s' must be a scalar (a bool, int, float or str), got %s",
               name, value_repr(in->arena, v)),
           NULL;
}

static Value *prim_flag(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    static const char *const names[] = {"name", "default", "help"};
    Value *a[3];
    if (!args_bind(in, args, "flag", names, 3, 2, a, loc)) return NULL;
    if (a[0]->kind != VAL_STR)
        return vm_type_error(in, loc, "flag name must be a str, got %s",
                             value_repr(in->arena, a[0]));
    const char *name = a[0]->str.s;
    if (strlen(name) != a[0]->str.len || !flag_name_is_valid(name))
        return vm_raise(
            in, EXC_VALUE_ERROR, loc,
            "invalid flag name %s: use letters, digits, '_' and '-' (it becomes --name)",
            value_repr(in->arena, a[0]));
    /* --help and -h are the program's own. */
    if (strcmp(name, "help") == 0 || strcmp(name, "h") == 0)
        return vm_raise(in, EXC_VALUE_ERROR, loc,
                        "flag name '%s' is reserved (the program's --help)", name);
    const char *help = "";
    if (a[2] && a[2]->kind != VAL_NONE) {
        if (a[2]->kind != VAL_STR)
            return vm_type_error(in, loc, "the help of flag '%s' must be a str, got %s", name,
                                 value_repr(in->arena, a[2]));
        help = a[2]->str.s;
    }
    const ConstData *value = flag_default(in, a[1], name, loc);
    if (!value) return NULL;
    SrcLoc at = vm_op_loc(in, loc);
    const FlagDef *prev = module_find_flag(in->tracer->module, name);
    if (prev) {
        vm_raise(in, EXC_VALUE_ERROR, loc, "flag '%s' is already defined", name);
        if (prev->loc.file) diag_note(in->diag, prev->loc, "'%s' was first defined here", name);
        return NULL;
    }
    const FlagDef *f = module_add_flag(in->tracer->module, name, value, help, at);
    Attrs attrs = {0};
    attrs_set_string(in->arena, &attrs, vm_intern(in, "name"), f->name);
    attrs_set_dtype(in->arena, &attrs, vm_intern(in, "dtype"), value->dtype);
    IrValue *r = build_op(&in->tracer->builder, OP_FLAG, NULL, 0, &attrs, at);
    return r ? tensor_value(in, r) : NULL;
}

void flag_prims_install(Interp *in, PyModule *m) {
    env_set_local(in, m->globals, vm_intern(in, "flag"),
                  value_builtin(in->arena, "flag", prim_flag, NULL));
}
