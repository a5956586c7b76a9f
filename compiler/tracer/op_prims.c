/* op_prims.c — the generic primitives the stdlib's TensorFlow API is written over:
 * _ingot.op(name, inputs, attrs) builds any graph op by its ops.def name, so each
 * tf.* function is a few lines of Python that check arguments and normalise axes the
 * way TensorFlow's Python does, and the shape rules (compiler/graph/shape*.c) do the
 * rest. Also _ingot.is_tensor and the registration of the indexing helper.
 * Entry point: op_prims_install. Memory owner: the interpreter's arena. */
#include <string.h>

#include "config.h"

#include "eager_values.h"
#include "tracer_internal.h"

/* One attribute from a Python value: bool, int, float, str, a dtype, or a list/tuple
   of ints. */
static bool attr_from_value(Interp *in, Attrs *attrs, const char *key, Value *v, SrcLoc loc) {
    Arena *a = in->arena;
    switch (v->kind) {
    case VAL_BOOL: attrs_set_bool(a, attrs, key, v->b); return true;
    case VAL_INT: attrs_set_int(a, attrs, key, v->i); return true;
    case VAL_FLOAT: attrs_set_float(a, attrs, key, v->f); return true;
    case VAL_STR: attrs_set_string(a, attrs, key, v->str.s); return true;
    case VAL_DTYPE: attrs_set_dtype(a, attrs, key, v->dtype); return true;
    case VAL_LIST:
    case VAL_TUPLE: {
        int n = v->list->len;
        int64_t *items = ARENA_ARRAY(a, int64_t, n + 1);
        for (int i = 0; i < n; i++) {
            Value *x = v->list->items[i];
            if (x->kind != VAL_INT && x->kind != VAL_BOOL) {
                vm_type_error(in, loc, "attribute '%s' must be a list of ints, got %s", key,
                              value_repr(a, v));
                return false;
            }
            items[i] = x->kind == VAL_INT ? x->i : x->b;
        }
        attrs_set_ints(a, attrs, key, items, n);
        return true;
    }
    default:
        vm_type_error(in, loc, "attribute '%s' cannot be %s", key, value_repr(a, v));
        return false;
    }
}

bool attrs_from_dict(Interp *in, Attrs *attrs, Value *dict, SrcLoc loc) {
    if (!dict || dict->kind == VAL_NONE) return true;
    if (dict->kind != VAL_DICT)
        return vm_type_error(in, loc, "op attributes must be a dict"), false;
    Dict *d = dict->dict;
    for (int i = 0; i < d->nentries; i++) {
        DictEntry *e = &d->entries[i];
        if (!e->key) continue;
        if (e->key->kind != VAL_STR)
            return vm_type_error(in, loc, "op attribute names must be str"), false;
        if (!attr_from_value(in, attrs, vm_intern(in, e->key->str.s), e->value, loc)) return false;
    }
    return true;
}

/* _ingot.op(name, inputs, attrs=None): the op `name` (ops.def) on inputs (tensors, or
   Python values converted with their default dtypes), with attrs a dict of str keys;
   its output, or None for an op that has none. */
static Value *prim_op(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    static const char *const names[] = {"name", "inputs", "attrs"};
    Value *a[3];
    if (!args_bind(in, args, "op", names, 3, 2, a, loc)) return NULL;
    if (a[0]->kind != VAL_STR)
        return vm_type_error(in, loc, "_ingot.op: the op name must be a str");
    Opcode op = op_named(a[0]->str.s);
    if (op == OP__COUNT || op_info[op].abi == ABI_SPECIAL)
        return vm_raise(in, EXC_VALUE_ERROR, loc, "_ingot.op: no generic op named '%s'",
                        a[0]->str.s);
    if (a[1]->kind != VAL_LIST && a[1]->kind != VAL_TUPLE)
        return vm_type_error(in, loc, "_ingot.op: inputs must be a list");
    int n = a[1]->list->len;
    IrValue **inputs = ARENA_ARRAY(in->arena, IrValue *, n + 1);
    for (int i = 0; i < n; i++) {
        Value *v = variable_deref(in, a[1]->list->items[i], loc);
        Value *t = v ? to_tensor(in, v, -1, loc) : NULL;
        if (!t) return NULL;
        inputs[i] = t->tensor.ir;
    }
    Attrs attrs = {0};
    if (!attrs_from_dict(in, &attrs, a[2], loc)) return NULL;
    Inst *inst = build_inst(&in->tracer->builder, op, inputs, n, &attrs, NULL, vm_op_loc(in, loc));
    if (!inst) return NULL;
    /* An op that only has an effect (save_npy) gives None, as a Python statement. */
    return inst->noutputs ? tensor_value(in, inst->outputs[0]) : value_none();
}

static Value *prim_is_tensor(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    static const char *const names[] = {"x"};
    Value *a[1];
    if (!args_bind(in, args, "is_tensor", names, 1, 1, a, loc)) return NULL;
    return value_bool(value_is_tensor(a[0]) || a[0]->kind == VAL_VARIABLE);
}

static Value *prim_register_slice_helper(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    static const char *const names[] = {"fn"};
    Value *a[1];
    if (!args_bind(in, args, "register_slice_helper", names, 1, 1, a, loc)) return NULL;
    in->tracer->slice_helper = a[0];
    return value_none();
}

/* _ingot.not_supported(what): the located "not supported yet" error, for the stdlib's
   Python to refuse an argument Ingot does not implement. */
static Value *prim_not_supported(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    static const char *const names[] = {"what"};
    Value *a[1];
    if (!args_bind(in, args, "not_supported", names, 1, 1, a, loc)) return NULL;
    if (a[0]->kind != VAL_STR)
        return vm_type_error(in, loc, "_ingot.not_supported: what must be a str");
    return vm_not_supported(in, loc, a[0]->str.s);
}

/* _ingot.warn(name, message): the build warning -Wname at the script's line, for the
   stdlib's Python to say that something the script asks for has no effect here. */
static Value *prim_warn(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    static const char *const names[] = {"name", "message"};
    Value *a[2];
    if (!args_bind(in, args, "warn", names, 2, 2, a, loc)) return NULL;
    if (a[0]->kind != VAL_STR || a[1]->kind != VAL_STR)
        return vm_type_error(in, loc, "_ingot.warn: name and message must be str");
    for (int k = 0; k < WARN__COUNT; k++)
        if (strcmp(warning_names[k], a[0]->str.s) == 0) {
            vm_warning(in, (WarningKind)k, loc, "%s", a[1]->str.s);
            return value_none();
        }
    return vm_raise(in, EXC_VALUE_ERROR, loc, "_ingot.warn: no warning named '%s'", a[0]->str.s);
}

/* _ingot.executing_eagerly(): tf.executing_eagerly() -- true in `ingot run --eager`,
   where every op runs as it is reached; false while building a compiled program, whose
   script is traced throughout. */
static Value *prim_executing_eagerly(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    if (!args_bind(in, args, "executing_eagerly", NULL, 0, 0, NULL, loc)) return NULL;
    return value_bool(tracer_is_eager(in));
}

/* _ingot.accepts_argument(fn, name): whether calling fn (a function or bound method)
   may pass the keyword `name` -- a parameter of that name or a **kwargs. Keras asks it
   of a layer's call() before passing `training` (TensorFlow inspects the signature). */
static Value *prim_accepts_argument(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    static const char *const names[] = {"fn", "name"};
    Value *a[2];
    if (!args_bind(in, args, "accepts_argument", names, 2, 2, a, loc)) return NULL;
    Value *fn = a[0]->kind == VAL_METHOD ? a[0]->method.fn : a[0];
    if (a[1]->kind != VAL_STR)
        return vm_type_error(in, loc, "accepts_argument: name must be a str");
    if (fn->kind != VAL_FUNCTION) return value_bool(false);
    const Params *p = fn->fn->params;
    if (p->kwarg) return value_bool(true);
    for (int i = 0; i < p->args.len; i++)
        if (strcmp(p->args.items[i]->arg.name, a[1]->str.s) == 0) return value_bool(true);
    for (int i = 0; i < p->kwonly.len; i++)
        if (strcmp(p->kwonly.items[i]->arg.name, a[1]->str.s) == 0) return value_bool(true);
    return value_bool(false);
}

/* _ingot.replicas(): tf.distribute's num_replicas_in_sync, a Python int at build time
   as in TensorFlow: the processes the program runs as (ingot build --replicas N).
   Making a strategy makes the program an MPI program, so the module records it here. */
static Value *prim_replicas(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    if (!args_bind(in, args, "replicas", NULL, 0, 0, NULL, loc)) return NULL;
    Tracer *t = in->tracer;
    if (t->opt->library)
        return vm_not_supported(in, loc, "tf.distribute in a C library (ingot build --lib)");
    if (!INGOT_HAVE_MPI && !tracer_is_eager(in))
        return vm_error(in, loc, "tf.distribute needs MPI, which this build of Ingot lacks: "
                        TRACER_MPI_ADVICE);
    int n = t->opt->replicas > 0 ? t->opt->replicas : 1;
    if (t->module->replicas == 0) {
        t->module->replicas = n;
        t->module->distribute_loc = vm_op_loc(in, loc);
    }
    return value_int(in->arena, n);
}

void op_prims_install(Interp *in, PyModule *m) {
    static const PrimDef prims[] = {
        {"op", prim_op},
        {"is_tensor", prim_is_tensor},
        {"register_slice_helper", prim_register_slice_helper},
        {"not_supported", prim_not_supported},
        {"accepts_argument", prim_accepts_argument},
        {"warn", prim_warn},
        {"executing_eagerly", prim_executing_eagerly},
        {"replicas", prim_replicas},
    };
    prims_install(in, m, prims, sizeof prims / sizeof prims[0], NULL);
}
