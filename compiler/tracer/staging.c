/* staging.c — graph control flow at trace time (TF-SEMANTICS.md §2 "Staging"): a
 * tensor condition becomes a `cond` node whose two branches are traced into regions
 * from the same initial state; a tensor loop becomes a `while` node over loop-carried
 * tensors. TensorFlow's consistency rules are checked here and reported at the
 * statement, naming the variable. Entry points: stage_cond, stage_while,
 * stage_condition, region_scope_enter/region_scope_leave. */
#include <string.h>

#include "tracer_internal.h"

/* ---- Regions being traced ------------------------------------------------------------ */

void region_scope_enter(Interp *in, RegionScope *scope, Region *r) {
    scope->region = r;
    scope->saved = in->tracer->builder.region;
    scope->outer = in->tracer->open_regions;
    in->tracer->open_regions = scope;
    in->tracer->builder.region = r;
}

void region_scope_leave(Interp *in, RegionScope *scope) {
    IG_ASSERT(in->tracer->open_regions == scope);
    in->tracer->builder.region = scope->saved;
    in->tracer->open_regions = scope->outer;
}

bool tensor_in_scope(const Interp *in, const IrValue *v) {
    const Region *home = v->def ? v->def->parent : v->param_of;
    if (!home || home == home->func->body) return true;
    for (const RegionScope *s = in->tracer->open_regions; s; s = s->outer)
        if (s->region == home) return true;
    return false;
}

/* ---- Conditions -------------------------------------------------------------------------- */

IrValue *stage_condition(Interp *in, Value *cond, const char *tag, SrcLoc loc) {
    Value *t = to_tensor(in, cond, -1, loc);
    if (!t) return NULL;
    const TensorType *type = &t->tensor.ir->type;
    if (type->dtype != DT_BOOL) {
        vm_raise(in, EXC_VALUE_ERROR, loc,
                 "condition of %s expected to be `tf.bool` scalar, got %s; to use as boolean "
                 "Tensor, use `tf.cast`; to check for None, use `is not None`",
                 tag, tensor_repr(in->arena, t));
        return NULL;
    }
    if (type->shape.rank != 0) {
        int64_t n = shape_num_elements(&type->shape);
        if (n != 1)
            vm_raise(in, EXC_VALUE_ERROR, loc,
                     "condition of %s expected to be `tf.bool` scalar, got %s", tag,
                     tensor_repr(in->arena, t));
        else
            vm_not_supported(in, loc,
                             "a single-element condition of rank > 0 (reshape it to a scalar)");
        return NULL;
    }
    return t->tensor.ir;
}

/* ---- Leaves: what may flow out of a branch or around a loop ------------------------------ */

static const char *shape_text(Interp *in, const Shape *s) { return shape_tuple_text(in->arena, s); }

/* A leaf as a tensor of the current region: Python numbers, bools and strings are
   converted, as TensorFlow converts the outputs of cond and while_loop. */
static IrValue *leaf_tensor(Interp *in, Value *leaf, const char *name, const char *where,
                            SrcLoc loc) {
    if (leaf->kind == VAL_TENSOR || value_is_number(leaf) || leaf->kind == VAL_STR) {
        Value *t = to_tensor(in, leaf, -1, loc);
        return t ? t->tensor.ir : NULL;
    }
    vm_type_error(in, loc, "'%s' must be a tensor, or a Python number, bool or string, %s; got %s",
                  name, where, value_type_name(leaf));
    return NULL;
}

/* Each leaf of item named `name` as a tensor (appended to out); None is reported as
   "'name' is None at the end of <end>". */
static bool item_tensors(Interp *in, Value *item, const char *name, const char *end,
                         const char *where, List *out, SrcLoc loc) {
    List leaves = {0};
    nest_flatten(in, item, &leaves);
    for (int i = 0; i < leaves.len; i++) {
        Value *leaf = leaves.items[i];
        if (leaf->kind == VAL_NONE) {
            vm_raise(in, EXC_VALUE_ERROR, loc, "'%s' is None at the end of %s", name, end);
            return false;
        }
        IrValue *t = leaf_tensor(in, leaf, name, where, loc);
        if (!t) return false;
        list_append(in->arena, out, tensor_value(in, t));
    }
    return true;
}

static IrValue **ir_values(Interp *in, const List *tensors) {
    IrValue **irs = ARENA_ARRAY(in->arena, IrValue *, tensors->len + 1);
    for (int i = 0; i < tensors->len; i++) irs[i] = tensors->items[i]->tensor.ir;
    return irs;
}

/* ---- cond ----------------------------------------------------------------------------- */

static const char *const branch_name[2] = {"main", "else"};

/* Traces one branch into a new region; its items become tensors there. */
static Value *trace_branch(Interp *in, int which, TraceFn fn, void *ctx, const StageNames *names,
                           Region *r, List *tensors, SrcLoc loc) {
    RegionScope scope;
    region_scope_enter(in, &scope, r);
    Value *out = fn(in, ctx, NULL);
    bool ok = out != NULL;
    for (int i = 0; ok && i < names->n; i++) {
        Value *item = out->list->items[i];
        if (item->kind == VAL_UNDEFINED) {
            vm_raise(in, EXC_VALUE_ERROR, loc, "'%s' must also be initialized in the %s branch",
                     names->names[i], branch_name[which]);
            ok = false;
        } else if (item->kind == VAL_UNDEFINED_RETURN) {
            vm_raise(in, EXC_VALUE_ERROR, loc, "the %s branch must also have a return statement",
                     branch_name[which]);
            ok = false;
        }
    }
    const char *end = which == 0 ? "the main branch" : "the else branch";
    for (int i = 0; ok && i < names->n; i++)
        ok = item_tensors(in, out->list->items[i], names->names[i], end,
                          "to leave a tensor-dependent branch", tensors, loc);
    if (ok) region_set_results(in->tracer->module, r, ir_values(in, tensors), tensors->len);
    region_scope_leave(in, &scope);
    return ok ? out : NULL;
}

/* TensorFlow's checks between the branches: same structure, same dtypes. Our IR
   also needs the same rank (TensorFlow would give an unknown rank). */
static bool check_branches(Interp *in, Value *out[2], const List tensors[2],
                           const StageNames *names, SrcLoc loc) {
    int next = 0;
    for (int i = 0; i < names->n; i++) {
        Value *a = out[0]->list->items[i], *b = out[1]->list->items[i];
        const char *name = names->names[i];
        if (!nest_same_structure(a, b)) {
            vm_type_error(
                in, loc,
                "'%s' must have the same nested structure in the main and else branches: %s vs. %s",
                name, value_type_name(a), value_type_name(b));
            return false;
        }
        List leaves = {0};
        nest_flatten(in, a, &leaves);
        for (int k = 0; k < leaves.len; k++, next++) {
            const TensorType *ta = &tensors[0].items[next]->tensor.ir->type;
            const TensorType *tb = &tensors[1].items[next]->tensor.ir->type;
            if (ta->dtype != tb->dtype) {
                vm_type_error(
                    in, loc,
                    "'%s' has dtype %s in the main branch, but dtype %s in the else branch", name,
                    dtype_name(ta->dtype), dtype_name(tb->dtype));
                return false;
            }
            if (ta->shape.rank != tb->shape.rank) {
                vm_not_supported(
                    in, loc,
                    arena_printf(in->arena,
                                 "'%s' has shape %s in the main branch but shape %s in the else "
                                 "branch: branches must agree on the rank",
                                 name, shape_text(in, &ta->shape), shape_text(in, &tb->shape)));
                return false;
            }
        }
    }
    return true;
}

Value *stage_cond(Interp *in, IrValue *pred, TraceFn then_fn, TraceFn else_fn, void *ctx,
                  const StageNames *names, SrcLoc loc) {
    Func *f = in->tracer->builder.region->func;
    Region *r[2] = {region_new(in->tracer->module, f), region_new(in->tracer->module, f)};
    List tensors[2] = {{0}, {0}};
    Value *out[2];
    if (!(out[0] = trace_branch(in, 0, then_fn, ctx, names, r[0], &tensors[0], loc))) return NULL;
    if (!(out[1] = trace_branch(in, 1, else_fn, ctx, names, r[1], &tensors[1], loc))) return NULL;
    if (!check_branches(in, out, tensors, names, loc)) return NULL;
    Inst *cond = build_cond(&in->tracer->builder, pred, r[0], r[1], vm_op_loc(in, loc));
    if (!cond) return NULL;
    Value **results = ARENA_ARRAY(in->arena, Value *, cond->noutputs + 1);
    for (int i = 0; i < cond->noutputs; i++) results[i] = tensor_value(in, cond->outputs[i]);
    int next = 0;
    return nest_pack(in, out[0], results, &next);
}

/* ---- while ----------------------------------------------------------------------------- */

/* True when `exit` is at least as specific as `entry`: same rank, and every dim that
   entry knows is the same in exit. */
static bool is_subshape(const Shape *exit, const Shape *entry) {
    if (exit->rank != entry->rank) return false;
    for (int i = 0; i < entry->rank; i++)
        if (entry->dims[i] != DIM_UNKNOWN && exit->dims[i] != entry->dims[i]) return false;
    return true;
}

/* A shape invariant: a tuple/list of ints and Nones (tf.TensorShape's dims). */
static bool invariant_shape(Interp *in, Value *v, Shape *out, SrcLoc loc) {
    if (!value_is_sequence(v) || v->list->len > IR_MAX_RANK) {
        vm_type_error(
            in, loc,
            "a shape invariant must be a tf.TensorShape or a list of ints and None, got %s",
            value_repr(in->arena, v));
        return false;
    }
    out->rank = v->list->len;
    for (int i = 0; i < out->rank; i++) {
        Value *d = v->list->items[i];
        if (d->kind == VAL_NONE) out->dims[i] = DIM_UNKNOWN;
        else if (d->kind == VAL_INT && d->i >= 0) out->dims[i] = d->i;
        else {
            vm_type_error(in, loc, "a shape invariant's dimensions must be ints or None, got %s",
                          value_repr(in->arena, v));
            return false;
        }
    }
    return true;
}

/* The invariant declared for the loop variable whose value is `var`, if any. */
static bool find_invariant(Interp *in, const LoopSpec *spec, Value *var, Shape *out, bool *found,
                           SrcLoc loc) {
    *found = false;
    if (!spec->invariants) return true;
    for (int i = 0; i < spec->invariants->len; i++) {
        Value *pair = spec->invariants->items[i];
        if (!value_is_sequence(pair) || pair->list->len != 2) {
            vm_type_error(in, loc, "shape_invariants must be a list of (variable, shape) pairs");
            return false;
        }
        Value *who = pair->list->items[0];
        bool same = who == var || (who->kind == VAL_TENSOR && var->kind == VAL_TENSOR &&
                                   who->tensor.ir == var->tensor.ir);
        if (same) {
            *found = true;
            return invariant_shape(in, pair->list->items[1], out, loc);
        }
    }
    return true;
}

typedef struct Carried {
    List init;        /* per leaf: the tensor entering the loop */
    Shape *shapes;    /* per leaf: the loop's shape (entry shape or invariant) */
    bool *declared;   /* per leaf: the shape came from an invariant */
    const char **names;
} Carried;

/* The loop variables before the loop: defined, not None, tensors. */
static bool carried_init(Interp *in, Value *init, const LoopSpec *spec, Carried *c, SrcLoc loc) {
    for (int i = 0; i < spec->names.n; i++) {
        Value *item = init->list->items[i];
        const char *name = spec->names.names[i];
        if (item->kind == VAL_UNDEFINED) {
            vm_raise(in, EXC_VALUE_ERROR, loc,
                     "'%s' must be defined before the loop: it is used after this tensor loop, "
                     "which may run zero times; give it a value before the loop",
                     name);
            return false;
        }
        if (item->kind == VAL_UNDEFINED_RETURN) {
            vm_raise(in, EXC_NOT_IMPLEMENTED_ERROR, loc,
                     "a return statement cannot be placed inside this TensorFlow loop; "
                     "this may happen if a return statement depends on a static Python "
                     "condition such as a "
                     "hyperparameter");
            return false;
        }
        List leaves = {0};
        nest_flatten(in, item, &leaves);
        for (int k = 0; k < leaves.len; k++) {
            Value *leaf = leaves.items[k];
            if (leaf->kind == VAL_NONE) {
                vm_raise(in, EXC_VALUE_ERROR, loc, "'%s' is not allowed to be None before the loop",
                         name);
                return false;
            }
            IrValue *t = leaf_tensor(in, leaf, name,
                                     "to be a loop variable of a tensor-dependent loop", loc);
            if (!t) return false;
            Shape shape = t->type.shape;
            bool found;
            if (!find_invariant(in, spec, leaf, &shape, &found, loc)) return false;
            if (found && !is_subshape(&t->type.shape, &shape)) {
                vm_raise(in, EXC_VALUE_ERROR, loc,
                         "'%s' has shape %s before the loop, which does not conform with the shape "
                         "invariant %s",
                         name, shape_text(in, &t->type.shape), shape_text(in, &shape));
                return false;
            }
            int n = c->init.len;
            list_append(in->arena, &c->init, tensor_value(in, t));
            c->shapes = arena_grow(in->arena, c->shapes, sizeof(Shape), (size_t)n, (size_t)n + 1);
            c->declared =
                arena_grow(in->arena, c->declared, sizeof(bool), (size_t)n, (size_t)n + 1);
            c->names = arena_grow(in->arena, c->names, sizeof(char *), (size_t)n, (size_t)n + 1);
            c->shapes[n] = shape;
            c->declared[n] = found;
            c->names[n] = name;
        }
    }
    return true;
}

/* One param per carried leaf, and the loop variables rebuilt from them. */
static Value *region_vars(Interp *in, Region *r, Value *init, const Carried *c, List *params) {
    for (int i = 0; i < c->init.len; i++) {
        TensorType type = {c->init.items[i]->tensor.ir->type.dtype, c->shapes[i]};
        list_append(in->arena, params,
                    tensor_value(in, region_add_param(in->tracer->module, r, type, c->names[i])));
    }
    int next = 0;
    return nest_pack(in, init, params->items, &next);
}

/* TensorFlow's checks after one iteration: structure, dtype, and a shape no less
   specific than the loop's. */
static bool check_iteration(Interp *in, Value *init, Value *exit, const LoopSpec *spec,
                            const Carried *c, List *tensors, SrcLoc loc) {
    for (int i = 0; i < spec->names.n; i++) {
        const char *name = spec->names.names[i];
        Value *item = exit->list->items[i];
        if (!nest_same_structure(init->list->items[i], item)) {
            vm_type_error(
                in, loc,
                "'%s' does not have the same nested structure after one iteration: %s vs. %s", name,
                value_type_name(init->list->items[i]), value_type_name(item));
            return false;
        }
        if (item->kind == VAL_UNDEFINED) {
            vm_raise(in, EXC_VALUE_ERROR, loc, "'%s' must be defined before the loop", name);
            return false;
        }
        if (!item_tensors(in, item, name, "the iteration",
                          "to be a loop variable of a tensor-dependent loop", tensors, loc))
            return false;
    }
    for (int k = 0; k < tensors->len; k++) {
        const TensorType *entry = &c->init.items[k]->tensor.ir->type;
        const TensorType *t = &tensors->items[k]->tensor.ir->type;
        if (t->dtype != entry->dtype) {
            vm_type_error(in, loc,
                          "'%s' has dtype %s before the loop, but dtype %s after one iteration",
                          c->names[k], dtype_name(entry->dtype), dtype_name(t->dtype));
            return false;
        }
        if (is_subshape(&t->shape, &c->shapes[k])) continue;
        if (c->declared[k])
            vm_raise(in, EXC_VALUE_ERROR, loc,
                     "'%s' has shape %s after one iteration, which does not conform with the shape "
                     "invariant %s",
                     c->names[k], shape_text(in, &t->shape), shape_text(in, &c->shapes[k]));
        else
            vm_raise(in, EXC_VALUE_ERROR, loc,
                     "'%s' has shape %s before the loop, but shape %s after one iteration. Use "
                     "tf.autograph.experimental.set_loop_options to set shape invariants.",
                     c->names[k], shape_text(in, &c->shapes[k]), shape_text(in, &t->shape));
        return false;
    }
    return true;
}

static IrValue *int32_const(Interp *in, int32_t v, SrcLoc loc) {
    Value *t = to_tensor(in, value_int(in->arena, v), DT_INT32, loc);
    return t ? t->tensor.ir : NULL;
}

Value *stage_while(Interp *in, Value *init, TraceFn test_fn, TraceFn body_fn, void *ctx,
                   const LoopSpec *spec, SrcLoc loc) {
    SrcLoc op_loc = vm_op_loc(in, loc);
    Carried c = {0};
    if (!carried_init(in, init, spec, &c, loc)) return NULL;
    /* maximum_iterations: a hidden counter carried along, as tf.while_loop does. */
    IrValue *limit = NULL;
    if (spec->max_iterations && spec->max_iterations->kind != VAL_NONE) {
        Value *m = to_tensor(in, spec->max_iterations, DT_INT32, loc);
        if (!m) return NULL;
        limit = m->tensor.ir;
    }
    int nleaves = c.init.len;
    IrValue **inits = ARENA_ARRAY(in->arena, IrValue *, nleaves + 2);
    for (int i = 0; i < nleaves; i++) inits[i] = c.init.items[i]->tensor.ir;
    if (limit && !(inits[nleaves] = int32_const(in, 0, loc))) return NULL;
    int ncarried = nleaves + (limit ? 1 : 0);

    Func *f = in->tracer->builder.region->func;
    Region *cond_r = region_new(in->tracer->module, f), *body_r = region_new(in->tracer->module, f);
    RegionScope scope;

    /* The test, evaluated on the cond region's params. */
    List cparams = {0};
    Value *vars = region_vars(in, cond_r, init, &c, &cparams);
    IrValue *counter =
        limit ? region_add_param(in->tracer->module, cond_r, inits[nleaves]->type, "iterations")
              : NULL;
    region_scope_enter(in, &scope, cond_r);
    Value *test = test_fn(in, ctx, vars);
    IrValue *go = test ? stage_condition(in, test, "while loop", loc) : NULL;
    if (go && limit) {
        IrValue *under[2] = {counter, limit};
        IrValue *below = build_op(&in->tracer->builder, OP_LESS, under, 2, NULL, op_loc);
        IrValue *both[2] = {below, go};
        go = below ? build_op(&in->tracer->builder, OP_LOGICAL_AND, both, 2, NULL, op_loc) : NULL;
    }
    if (go) region_set_results(in->tracer->module, cond_r, &go, 1);
    region_scope_leave(in, &scope);
    if (!go) return NULL;

    /* One iteration of the body on the body region's params. */
    List bparams = {0};
    vars = region_vars(in, body_r, init, &c, &bparams);
    counter = limit
                  ? region_add_param(in->tracer->module, body_r, inits[nleaves]->type, "iterations")
                  : NULL;
    region_scope_enter(in, &scope, body_r);
    Value *exit = body_fn(in, ctx, vars);
    List tensors = {0};
    bool ok = exit && check_iteration(in, init, exit, spec, &c, &tensors, loc);
    IrValue **next = ok ? ir_values(in, &tensors) : NULL;
    if (ok && limit) {
        IrValue *one = int32_const(in, 1, loc);
        IrValue *step[2] = {counter, one};
        ok = one && (next[nleaves] =
                         build_op(&in->tracer->builder, OP_ADD, step, 2, NULL, op_loc)) != NULL;
    }
    if (ok) region_set_results(in->tracer->module, body_r, next, ncarried);
    region_scope_leave(in, &scope);
    if (!ok) return NULL;

    Inst *loop = build_while(&in->tracer->builder, inits, ncarried, cond_r, body_r, op_loc);
    if (!loop) return NULL;
    Value **results = ARENA_ARRAY(in->arena, Value *, ncarried + 1);
    for (int i = 0; i < nleaves; i++) results[i] = tensor_value(in, loop->outputs[i]);
    int k = 0;
    return nest_pack(in, init, results, &k);
}
