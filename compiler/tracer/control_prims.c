/* control_prims.c — the _ingot primitives behind tf.cond, tf.while_loop, the logical
 * ops, tf.shape and tf.autograph's helpers. The graph building itself is
 * staging.c's; here are TensorFlow's calling conventions. Entry point:
 * control_prims_install (called by ingot_primitives_module). */
#include <string.h>

#include "eager_values.h"
#include "tracer_internal.h"

static Value *one_tuple(Interp *in, Value *v) {
    Value *t = value_tuple(in->arena, 1);
    t->list->items[0] = v;
    return t;
}

/* ---- tf.cond ------------------------------------------------------------------------------ */

typedef struct CondFns {
    Value *fn[2];
    SrcLoc loc;
} CondFns;

static Value *cond_branch(Interp *in, CondFns *c, int which) {
    CallArgs none = call_args_positional(NULL, 0);
    Value *v = call_value(in, c->fn[which], &none, c->loc);
    return v ? one_tuple(in, v) : NULL;
}

static Value *cond_true(Interp *in, void *ctx, Value *vars) {
    (void)vars;
    return cond_branch(in, ctx, 0);
}

static Value *cond_false(Interp *in, void *ctx, Value *vars) {
    (void)vars;
    return cond_branch(in, ctx, 1);
}

static Value *prim_cond(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    static const char *const names[] = {"pred", "true_fn", "false_fn"};
    Value *a[3];
    if (!args_bind(in, args, "cond", names, 3, 3, a, loc)) return NULL;
    IrValue *pred = stage_condition(in, a[0], "tf.cond", loc);
    if (!pred) return NULL;
    CondFns c = {{a[1], a[2]}, loc};
    if (tracer_is_eager(in)) {
        /* Eager: the branch the predicate picks, and only that one, runs. */
        bool ok, go = value_truthy(in, tensor_value(in, pred), loc, &ok);
        return ok ? call_value(in, a[go ? 1 : 2], &(CallArgs){0}, loc) : NULL;
    }
    static const char *const result[] = {"the result of true_fn/false_fn"};
    StageNames sn = {result, 1};
    Value *merged = stage_cond(in, pred, cond_true, cond_false, &c, &sn, loc);
    return merged ? merged->list->items[0] : NULL;
}

/* ---- tf.while_loop -------------------------------------------------------------------------- */

typedef struct LoopFns {
    Value *cond, *body;
    SrcLoc loc;
} LoopFns;

/* cond(*loop_vars) / body(*loop_vars), as tf.while_loop calls them. */
static Value *call_spread(Interp *in, Value *fn, Value *vars, SrcLoc loc) {
    CallArgs args = call_args_positional(vars->list->items, vars->list->len);
    return call_value(in, fn, &args, loc);
}

static Value *loop_test(Interp *in, void *ctx, Value *vars) {
    LoopFns *f = ctx;
    return call_spread(in, f->cond, vars, f->loc);
}

static Value *loop_body(Interp *in, void *ctx, Value *vars) {
    LoopFns *f = ctx;
    Value *r = call_spread(in, f->body, vars, f->loc);
    if (!r) return NULL;
    /* One loop variable: the body may return it bare. */
    if (vars->list->len == 1 && !value_is_sequence(r)) return one_tuple(in, r);
    if (!value_is_sequence(r) || r->list->len != vars->list->len)
        return vm_raise(in, EXC_VALUE_ERROR, f->loc,
                        "the body of tf.while_loop must return as many values as loop_vars has "
                        "(%d), got %s",
                        vars->list->len, value_repr(in->arena, r));
    Value *t = value_tuple(in->arena, r->list->len);
    memcpy(t->list->items, r->list->items, sizeof(Value *) * (size_t)r->list->len);
    return t;
}

/* tf.while_loop in eager mode: a Python loop on the concrete test (a bool scalar,
   as the graph op requires); the body's results become the next loop variables. */
static Value *eager_while(Interp *in, Value *vars, LoopFns *f, Value *max_iterations, SrcLoc loc) {
    int64_t max = -1;
    if (max_iterations && max_iterations->kind != VAL_NONE) {
        Value *m = value_is_tensor(max_iterations) ? concrete_python_value(in, max_iterations, loc)
                                                   : max_iterations;
        if (!m) return NULL;
        if (m->kind != VAL_INT)
            return vm_type_error(in, loc, "maximum_iterations must be an integer scalar");
        max = m->i;
    }
    for (int64_t n = 0; max < 0 || n < max; n++) {
        Value *test = loop_test(in, f, vars);
        if (!test) return NULL;
        if (value_is_tensor(test) && !stage_condition(in, test, "tf.while_loop", loc)) return NULL;
        bool ok, go = value_truthy(in, test, loc, &ok);
        if (!ok) return NULL;
        if (!go) return vars;
        if (!(vars = loop_body(in, f, vars))) return NULL;
    }
    return vars;
}

/* shape_invariants has loop_vars' structure: pair each leaf with its shape. */
static List *invariant_pairs(Interp *in, Value *loop_vars, Value *invariants, SrcLoc loc) {
    List vars = {0}, shapes = {0};
    nest_flatten(in, loop_vars, &vars);
    /* A shape is a tuple of dims, itself a sequence: flatten loop_vars' structure only. */
    if (!value_is_sequence(invariants) || invariants->list->len != loop_vars->list->len) {
        vm_raise(in, EXC_VALUE_ERROR, loc,
                 "shape_invariants must have the same structure as loop_vars");
        return NULL;
    }
    for (int i = 0; i < invariants->list->len; i++) {
        Value *s = invariants->list->items[i];
        if (value_is_sequence(loop_vars->list->items[i])) {
            vm_not_supported(in, loc, "shape_invariants for nested loop variables");
            return NULL;
        }
        list_append(in->arena, &shapes, s);
    }
    List *pairs = ARENA_NEW(in->arena, List);
    for (int i = 0; i < vars.len && i < shapes.len; i++) {
        if (shapes.items[i]->kind == VAL_NONE) continue;
        Value *pair = value_tuple(in->arena, 2);
        pair->list->items[0] = vars.items[i];
        pair->list->items[1] = shapes.items[i];
        list_append(in->arena, pairs, pair);
    }
    return pairs;
}

static Value *prim_while_loop(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    static const char *const names[] = {"cond", "body", "loop_vars", "shape_invariants",
                                        "maximum_iterations"};
    Value *a[5];
    if (!args_bind(in, args, "while_loop", names, 5, 3, a, loc)) return NULL;
    Value *vars = a[2];
    if (!value_is_sequence(vars))
        return vm_type_error(in, loc, "loop_vars must be a list or tuple, got %s",
                             value_type_name(vars));
    int n = vars->list->len;
    Value *init = value_tuple(in->arena, n);
    const char **vnames = ARENA_ARRAY(in->arena, const char *, n + 1);
    for (int i = 0; i < n; i++) {
        init->list->items[i] = vars->list->items[i];
        vnames[i] = arena_printf(in->arena, "loop_vars[%d]", i);
    }
    LoopSpec spec = {.names = {vnames, n}, .max_iterations = a[4]};
    if (a[3] && a[3]->kind != VAL_NONE && !(spec.invariants = invariant_pairs(in, vars, a[3], loc)))
        return NULL;
    LoopFns f = {a[0], a[1], loc};
    Value *final = tracer_is_eager(in)
                       ? eager_while(in, init, &f, a[4], loc)
                       : stage_while(in, init, loop_test, loop_body, &f, &spec, loc);
    if (!final) return NULL;
    if (vars->kind == VAL_LIST) {
        Value *l = value_list(in->arena, n);
        memcpy(l->list->items, final->list->items, sizeof(Value *) * (size_t)n);
        return l;
    }
    return final;
}

/* ---- logical ops, shape, gather ------------------------------------------------------------- */

static Value *bool_tensor(Interp *in, Value *v, const char *fname, SrcLoc loc) {
    Value *t = to_tensor(in, v, DT_BOOL, loc);
    if (t && t->tensor.ir->type.dtype != DT_BOOL)
        return vm_type_error(in, loc, "%s expects bool tensors, got %s", fname,
                             dtype_name(t->tensor.ir->type.dtype));
    return t;
}

static Value *prim_logical(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    static const char *const names[] = {"op", "x", "y"};
    Value *a[3];
    if (!args_bind(in, args, "logical", names, 3, 2, a, loc)) return NULL;
    if (a[0]->kind != VAL_STR) return vm_type_error(in, loc, "logical op name must be a str");
    const char *op = a[0]->str.s;
    Opcode code = strcmp(op, "and") == 0 ? OP_LOGICAL_AND : strcmp(op, "or") == 0 ? OP_LOGICAL_OR
                : strcmp(op, "not") == 0 ? OP_LOGICAL_NOT : OP__COUNT;
    if (code == OP__COUNT) return vm_error(in, loc, "unknown logical op '%s'", op);
    int n = code == OP_LOGICAL_NOT ? 1 : 2;
    IrValue *inputs[2];
    for (int i = 0; i < n; i++) {
        Value *v = a[1 + i] ? a[1 + i] : value_none();
        Value *t = bool_tensor(in, v,
                               code == OP_LOGICAL_NOT ? "logical_not"
                               : op[0] == 'a'         ? "logical_and"
                                                      : "logical_or",
                               loc);
        if (!t) return NULL;
        inputs[i] = t->tensor.ir;
    }
    IrValue *r = build_op(&in->tracer->builder, code, inputs, n, NULL, vm_op_loc(in, loc));
    return r ? tensor_value(in, r) : NULL;
}

static Value *prim_shape(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    static const char *const names[] = {"input"};
    Value *a[1];
    if (!args_bind(in, args, "shape", names, 1, 1, a, loc)) return NULL;
    Value *t = to_tensor(in, a[0], -1, loc);
    if (!t) return NULL;
    IrValue *r =
        build_op(&in->tracer->builder, OP_SHAPE, &t->tensor.ir, 1, NULL, vm_op_loc(in, loc));
    return r ? tensor_value(in, r) : NULL;
}

/* t[index]: TensorFlow's Tensor.__getitem__, written in the stdlib's Python
   (tensorflow/_indexing.py: ints, slices, None, ..., integer scalar tensors, as
   tf.strided_slice); registered when tensorflow is imported, which any tensor needs. */
Value *tensor_index(Interp *in, Value *t, Value *index, SrcLoc loc) {
    if (!in->tracer->slice_helper)
        return vm_error(in, loc, "indexing a tensor needs 'import tensorflow'");
    Value *argv[2] = {t, index};
    CallArgs args = {argv, 2, NULL, NULL, 0};
    /* The ops the helper builds belong to the subscript, as a call's do (eval.c). */
    SrcLoc saved = in->user_loc;
    if (!vm_is_library_file(in, loc.file)) in->user_loc = loc;
    Value *r = call_value(in, in->tracer->slice_helper, &args, loc);
    in->user_loc = saved;
    return r;
}

/* ---- tf.TensorSpec ------------------------------------------------------------------------------
 */

/* tf.TensorSpec(shape, dtype=tf.float32, name=None): shape a list of ints and None. */
static Value *prim_tensor_spec(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    static const char *const names[] = {"shape", "dtype", "name"};
    Value *a[3];
    if (!args_bind(in, args, "TensorSpec", names, 3, 1, a, loc)) return NULL;
    Value *shape = a[0];
    if (shape->kind == VAL_NONE)
        return vm_not_supported(in, loc, "a TensorSpec of unknown rank (shape=None)");
    if (!value_is_sequence(shape) || shape->list->len > IR_MAX_RANK)
        return vm_type_error(in, loc, "TensorSpec shape must be a list of ints and None, got %s",
                             value_repr(in->arena, shape));
    Value *v = ARENA_NEW(in->arena, Value);
    v->kind = VAL_TENSOR_SPEC;
    v->spec.type = ARENA_NEW(in->arena, TensorType);
    v->spec.type->shape.rank = shape->list->len;
    for (int i = 0; i < shape->list->len; i++) {
        Value *d = shape->list->items[i];
        if (d->kind == VAL_NONE)
            v->spec.type->shape.dims[i] = DIM_UNKNOWN;
        else if (d->kind == VAL_INT && d->i >= 0)
            v->spec.type->shape.dims[i] = d->i;
        else
            return vm_type_error(in, loc, "TensorSpec dimensions must be ints >= 0 or None, got %s",
                                 value_repr(in->arena, d));
    }
    if (a[1] && a[1]->kind != VAL_NONE && a[1]->kind != VAL_DTYPE)
        return vm_type_error(in, loc, "TensorSpec dtype must be a tf.DType, got %s",
                             value_repr(in->arena, a[1]));
    v->spec.type->dtype = a[1] && a[1]->kind == VAL_DTYPE ? a[1]->dtype : DT_FLOAT32;
    if (a[2] && a[2]->kind == VAL_STR) v->spec.name = a[2]->str.s;
    else if (a[2] && a[2]->kind != VAL_NONE)
        return vm_type_error(in, loc, "TensorSpec name must be a str");
    return v;
}

Value *tensor_spec_attribute(Interp *in, Value *spec, const char *name, bool *missing) {
    *missing = false;
    if (strcmp(name, "dtype") == 0) return value_dtype(in->arena, spec->spec.type->dtype);
    if (strcmp(name, "name") == 0)
        return spec->spec.name ? value_cstr(in->arena, spec->spec.name) : value_none();
    if (strcmp(name, "shape") == 0) {
        const Shape *s = &spec->spec.type->shape;
        Value *t = value_tuple(in->arena, s->rank);
        for (int i = 0; i < s->rank; i++)
            t->list->items[i] =
                s->dims[i] == DIM_UNKNOWN ? value_none() : value_int(in->arena, s->dims[i]);
        return t;
    }
    *missing = true;
    return NULL;
}

/* ---- tf.autograph -----------------------------------------------------------------------------
 */

/* The def a function value runs: converted code for every def AutoGraph converted. */
static Function *function_arg(Interp *in, Value *v, const char *fname, SrcLoc loc) {
    if (v->kind == VAL_TF_FUNCTION) v = v->tf_fn->python_function;
    if (v->kind != VAL_FUNCTION || v->fn->def->kind != AST_FUNCDEF) {
        vm_type_error(in, loc, "%s expects a function defined with 'def', got %s", fname,
                      value_type_name(v));
        return NULL;
    }
    return v->fn;
}

/* tf.autograph.to_code(f): the converted source, as --emit=autograph prints it. */
static Value *prim_to_code(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    static const char *const names[] = {"entity"};
    Value *a[1];
    if (!args_bind(in, args, "to_code", names, 1, 1, a, loc)) return NULL;
    Function *fn = function_arg(in, a[0], "to_code", loc);
    return fn ? value_cstr(in->arena, ast_stmt_to_source(in->arena, fn->def)) : NULL;
}

/* do_not_convert(f) called on a function value: the same function running the def
   as written (the converter keeps the original of every def it converts). */
static Value *prim_unconverted(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    static const char *const names[] = {"func"};
    Value *a[1];
    if (!args_bind(in, args, "unconverted", names, 1, 1, a, loc)) return NULL;
    if (a[0]->kind == VAL_TF_FUNCTION)
        return vm_not_supported(in, loc, "do_not_convert on a tf.function");
    Function *fn = function_arg(in, a[0], "do_not_convert", loc);
    if (!fn) return NULL;
    const Node *original = fn->def->funcdef.original;
    if (!original) return a[0];
    Function *copy = ARENA_NEW(in->arena, Function);
    *copy = *fn;
    copy->def = original;
    copy->params = &original->funcdef.params;
    copy->scope_done = false;
    Value *v = ARENA_NEW(in->arena, Value);
    v->kind = VAL_FUNCTION;
    v->fn = copy;
    return v;
}

void control_prims_install(Interp *in, PyModule *m) {
    static const PrimDef prims[] = {
        {"cond", prim_cond},   {"while_loop", prim_while_loop}, {"logical", prim_logical},
        {"shape", prim_shape}, {"to_code", prim_to_code},
        {"unconverted", prim_unconverted}, {"TensorSpec", prim_tensor_spec},
    };
    prims_install(in, m, prims, sizeof prims / sizeof prims[0], NULL);
}
