/* autograph_ops.c — the `ag__` module that converted code calls (compiler/autograph
 * writes the calls; TF-SEMANTICS.md §2 "Dispatch"): each statement looks at its
 * condition or iterable when it runs. A Python value gives ordinary Python control
 * flow (one branch, or an unrolled loop); a tensor gives a cond or while node
 * (staging.c). Entry point: autograph_module. */
#include <string.h>

#include "eager_values.h"
#include "tracer_internal.h"

/* ---- Calling back into the converted code ----------------------------------------------- */

static Value *call0(Interp *in, Value *fn, SrcLoc loc) {
    CallArgs args = call_args_positional(NULL, 0);
    return call_value(in, fn, &args, loc);
}

static Value *call1(Interp *in, Value *fn, Value *arg, SrcLoc loc) {
    CallArgs args = call_args_positional(&arg, 1);
    return call_value(in, fn, &args, loc);
}

static Value *tuple_slice(Interp *in, Value *t, int from, int to) {
    Value *s = value_tuple(in->arena, to - from);
    for (int i = from; i < to; i++) s->list->items[i - from] = t->list->items[i];
    return s;
}

/* The state tuple from get_state(), checked against the names. */
static Value *read_state(Interp *in, Value *get_state, int n, SrcLoc loc) {
    Value *s = call0(in, get_state, loc);
    if (!s) return NULL;
    IG_ASSERT(s->kind == VAL_TUPLE && s->list->len == n); /* the converter writes get_state */
    return s;
}

static bool names_arg(Interp *in, Value *v, StageNames *out, SrcLoc loc) {
    if (v->kind != VAL_TUPLE)
        return vm_type_error(in, loc, "symbol_names must be a tuple of str"), false;
    const char **names = ARENA_ARRAY(in->arena, const char *, v->list->len + 1);
    for (int i = 0; i < v->list->len; i++) {
        if (v->list->items[i]->kind != VAL_STR)
            return vm_type_error(in, loc, "symbol_names must be a tuple of str"), false;
        names[i] = v->list->items[i]->str.s;
    }
    *out = (StageNames){names, v->list->len};
    return true;
}

/* Whether v makes the statement a graph op: a tensor, when tracing. In eager mode a
   tensor has its value, so every statement runs as Python control flow on bool(t),
   as TensorFlow's eager AutoGraph does. */
static bool is_staged(Interp *in, const Value *v) {
    return value_is_tensor(v) && !tracer_is_eager(in);
}

/* A condition's truth. In eager mode a tensor condition must still be what the graph
   op would accept (a bool scalar: AutoGraph checks it the same way in eager code). */
static bool condition_truthy(Interp *in, Value *cond, const char *tag, SrcLoc loc, bool *ok) {
    if (value_is_tensor(cond) && !stage_condition(in, cond, tag, loc)) return *ok = false;
    return value_truthy(in, cond, loc, ok);
}

/* ---- Python loops: the unrolling guard ---------------------------------------------------- */

#define UNROLL_WARN_ITERATIONS 1000
#define UNROLL_MAX_ITERATIONS 10000000

/* Counts iterations that put ops into the graph: past a thousand, a Python loop is
   probably meant to be a graph loop (TensorFlow warns the same way). */
typedef struct Unroll {
    const Inst *mark;
    long with_ops;
    bool warned;
} Unroll;

static void unroll_begin(Interp *in, Unroll *u) { u->mark = in->tracer->builder.region->last; }

static bool unroll_end(Interp *in, Unroll *u, SrcLoc loc) {
    if (in->tracer->builder.region->last == u->mark) return true;
    u->with_ops++;
    if (u->with_ops > UNROLL_WARN_ITERATIONS && !u->warned) {
        u->warned = true;
        vm_warning(in, WARN_LARGE_UNROLLED_LOOP, loc,
                   "large unrolled loop detected: this Python loop ran more than %d iterations "
                   "that added graph "
                   "ops; did you mean a graph loop? iterate over a tensor such as "
                   "'tf.range(n)' to get one "
                   "'while' node",
                   UNROLL_WARN_ITERATIONS);
    }
    if (u->with_ops > UNROLL_MAX_ITERATIONS) {
        vm_error(in, loc,
                 "iteration limit exceeded: a Python loop unrolled more than %d iterations "
                 "into the graph",
                 UNROLL_MAX_ITERATIONS);
        return false;
    }
    return true;
}

/* ---- if ---------------------------------------------------------------------------------- */

typedef struct IfState {
    Value *body, *orelse, *get_state, *set_state;
    Value *init;        /* the state before the statement */
    int nstate, nouts;
    SrcLoc loc;
} IfState;

static Value *if_branch(Interp *in, IfState *s, Value *fn) {
    if (!call1(in, s->set_state, s->init, s->loc) || !call0(in, fn, s->loc)) return NULL;
    Value *state = read_state(in, s->get_state, s->nstate, s->loc);
    return state ? tuple_slice(in, state, 0, s->nouts) : NULL;
}

static Value *if_then(Interp *in, void *ctx, Value *vars) {
    (void)vars;
    IfState *s = ctx;
    return if_branch(in, s, s->body);
}

static Value *if_else(Interp *in, void *ctx, Value *vars) {
    (void)vars;
    IfState *s = ctx;
    return if_branch(in, s, s->orelse);
}

/* ag__.if_stmt(cond, if_body, else_body, get_state, set_state, symbol_names, nouts) */
static Value *ag_if_stmt(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    static const char *const names[] = {"cond",      "body",         "orelse", "get_state",
                                        "set_state", "symbol_names", "nouts"};
    Value *a[7];
    if (!args_bind(in, args, "if_stmt", names, 7, 7, a, loc)) return NULL;
    if (!is_staged(in, a[0])) {
        bool ok;
        bool go = condition_truthy(in, a[0], "if statement", loc, &ok);
        if (!ok) return NULL;
        return call0(in, go ? a[1] : a[2], loc) ? value_none() : NULL;
    }
    StageNames sym;
    if (!names_arg(in, a[5], &sym, loc)) return NULL;
    IG_ASSERT(a[6]->kind == VAL_INT && a[6]->i <= sym.n);
    IrValue *pred = stage_condition(in, a[0], "if statement", loc);
    if (!pred) return NULL;
    IfState s = {a[1], a[2], a[3], a[4], NULL, sym.n, (int)a[6]->i, loc};
    if (!(s.init = read_state(in, s.get_state, s.nstate, loc))) return NULL;
    StageNames outs = {sym.names, s.nouts};
    Value *merged = stage_cond(in, pred, if_then, if_else, &s, &outs, loc);
    if (!merged) return NULL;
    /* Outputs take the merged values; input-only state goes back to what it was. */
    Value *final = value_tuple(in->arena, s.nstate);
    for (int i = 0; i < s.nstate; i++)
        final->list->items[i] = i < s.nouts ? merged->list->items[i] : s.init->list->items[i];
    return call1(in, s.set_state, final, loc) ? value_none() : NULL;
}

/* ---- while ------------------------------------------------------------------------------- */

typedef struct LoopState {
    Value *test, *body, *get_state, *set_state, *extra_test;
    int nstate;
    SrcLoc loc;
    /* staged for loops: the hidden iterate */
    bool is_range;
    IrValue *seq, *count;          /* a tensor's rows: seq[i] for i < count */
    Value *element;                /* a tf.data dataset's: element(i) for i < count */
    IrValue *limit, *delta;        /* tf.range: i < limit (or > for a negative delta) */
    int delta_sign;                /* 1, -1, or 0 when only known at run time */
} LoopState;

static bool set_vars(Interp *in, LoopState *s, Value *vars) {
    return call1(in, s->set_state, tuple_slice(in, vars, 0, s->nstate), s->loc) != NULL;
}

static Value *while_test(Interp *in, void *ctx, Value *vars) {
    LoopState *s = ctx;
    return set_vars(in, s, vars) ? call0(in, s->test, s->loc) : NULL;
}

static Value *while_body(Interp *in, void *ctx, Value *vars) {
    LoopState *s = ctx;
    if (!set_vars(in, s, vars) || !call0(in, s->body, s->loc)) return NULL;
    return read_state(in, s->get_state, s->nstate, s->loc);
}

static bool loop_options(Interp *in, Value *opts, LoopSpec *spec, SrcLoc loc) {
    if (!opts || opts->kind == VAL_NONE) return true;
    if (opts->kind != VAL_DICT) return vm_type_error(in, loc, "loop options must be a dict"), false;
    Value *inv = dict_get(opts->dict, value_cstr(in->arena, "shape_invariants"));
    if (inv && inv->kind != VAL_NONE) {
        if (!value_is_sequence(inv))
            return vm_type_error(in, loc,
                                 "shape_invariants must be a list of (variable, shape) pairs"),
                   false;
        spec->invariants = inv->list;
    }
    spec->max_iterations = dict_get(opts->dict, value_cstr(in->arena, "maximum_iterations"));
    return true;
}

static Value *staged_while(Interp *in, LoopState *s, const StageNames *names, Value *opts) {
    LoopSpec spec = {.names = *names};
    if (!loop_options(in, opts, &spec, s->loc)) return NULL;
    Value *init = read_state(in, s->get_state, s->nstate, s->loc);
    if (!init) return NULL;
    Value *final = stage_while(in, init, while_test, while_body, s, &spec, s->loc);
    return final && call1(in, s->set_state, final, s->loc) ? value_none() : NULL;
}

static const char *const python_loop_became_tensor =
    "the condition of while loop started as non-Tensor, then changed to Tensor. This may "
    "happen either because variables changed type, or when a break or return statement inside the "
    "loop depends "
    "on a Tensor condition. In both cases, changing to a TF loop should remove the error";

/* ag__.while_stmt(test, body, get_state, set_state, symbol_names, opts) */
static Value *ag_while_stmt(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    static const char *const names[] = {"test",      "body",         "get_state",
                                        "set_state", "symbol_names", "opts"};
    Value *a[6];
    if (!args_bind(in, args, "while_stmt", names, 6, 6, a, loc)) return NULL;
    StageNames sym;
    if (!names_arg(in, a[4], &sym, loc)) return NULL;
    LoopState s = {.test = a[0],
                   .body = a[1],
                   .get_state = a[2],
                   .set_state = a[3],
                   .nstate = sym.n,
                   .loc = loc};
    /* Is the test a tensor? Asked once in a throwaway region, as AutoGraph does in a
       temporary graph; a Python answer counts as the first test. */
    RegionScope scope;
    region_scope_enter(in, &scope,
                       region_new(in->tracer->module, in->tracer->builder.region->func));
    Value *test = call0(in, s.test, loc);
    region_scope_leave(in, &scope);
    if (!test) return NULL;
    if (is_staged(in, test)) return staged_while(in, &s, &sym, a[5]);
    Unroll unroll = {0};
    for (;;) {
        bool ok;
        bool go = condition_truthy(in, test, "while statement", loc, &ok);
        if (!ok) return NULL;
        if (!go) return value_none();
        unroll_begin(in, &unroll);
        if (!call0(in, s.body, loc) || !unroll_end(in, &unroll, loc)) return NULL;
        if (!(test = call0(in, s.test, loc))) return NULL;
        if (is_staged(in, test))
            return vm_raise(in, EXC_NOT_IMPLEMENTED_ERROR, loc, "%s", python_loop_became_tensor);
    }
}

/* ---- for ---------------------------------------------------------------------------------- */

static IrValue *op2(Interp *in, Opcode op, IrValue *x, IrValue *y, SrcLoc loc) {
    IrValue *in2[2] = {x, y};
    return build_op(&in->tracer->builder, op, in2, 2, NULL, vm_op_loc(in, loc));
}

static IrValue *scalar_const(Interp *in, Value *v, DType dt, SrcLoc loc) {
    Value *t = to_tensor(in, v, (int)dt, loc);
    return t ? t->tensor.ir : NULL;
}

/* The sign of a constant scalar (1, -1), or 0 when it is only known at run time. */
static int const_sign(const IrValue *v) {
    if (!v->def || v->def->op != OP_CONST || v->def->attrs.len == 0) return 0;
    const ConstData *cd = v->def->attrs.items[0].tensor;
    double x;
    switch (cd->dtype) {
    case DT_INT32: x = *(const int32_t *)cd->data; break;
    case DT_INT64: x = (double)*(const int64_t *)cd->data; break;
    case DT_FLOAT32: x = *(const float *)cd->data; break;
    case DT_FLOAT64: x = *(const double *)cd->data; break;
    default: return 0;
    }
    return x > 0 ? 1 : x < 0 ? -1 : 0;
}

/* The extra test (break / return flags), asked only while the main test holds. */
static Value *extra_then(Interp *in, void *ctx, Value *vars) {
    (void)vars;
    LoopState *s = ctx;
    Value *t = call0(in, s->extra_test, s->loc);
    if (!t) return NULL;
    Value *one = value_tuple(in->arena, 1);
    one->list->items[0] = t;
    return one;
}

static Value *extra_else(Interp *in, void *ctx, Value *vars) {
    (void)in, (void)ctx, (void)vars;
    Value *one = value_tuple(in->arena, 1);
    one->list->items[0] = value_bool(false);
    return one;
}

static Value *for_test(Interp *in, void *ctx, Value *vars) {
    LoopState *s = ctx;
    if (!set_vars(in, s, vars)) return NULL;
    IrValue *i = vars->list->items[s->nstate]->tensor.ir;
    IrValue *go;
    if (!s->is_range) {
        go = op2(in, OP_LESS, i, s->count, s->loc);
    } else if (s->delta_sign > 0) {
        go = op2(in, OP_LESS, i, s->limit, s->loc);
    } else if (s->delta_sign < 0) {
        go = op2(in, OP_GREATER, i, s->limit, s->loc);
    } else {
        /* (delta >= 0 and i < limit) or (delta < 0 and i > limit) */
        IrValue *zero = scalar_const(in, value_int(in->arena, 0), s->delta->type.dtype, s->loc);
        IrValue *up = zero ? op2(in, OP_GREATER_EQUAL, s->delta, zero, s->loc) : NULL;
        IrValue *below = up ? op2(in, OP_LESS, i, s->limit, s->loc) : NULL;
        IrValue *down = below ? op2(in, OP_LESS, s->delta, zero, s->loc) : NULL;
        IrValue *above = down ? op2(in, OP_GREATER, i, s->limit, s->loc) : NULL;
        IrValue *a = above ? op2(in, OP_LOGICAL_AND, up, below, s->loc) : NULL;
        IrValue *b = a ? op2(in, OP_LOGICAL_AND, down, above, s->loc) : NULL;
        go = b ? op2(in, OP_LOGICAL_OR, a, b, s->loc) : NULL;
    }
    if (!go) return NULL;
    if (!s->extra_test) return tensor_value(in, go);
    static const char *const extra_name[] = {"the loop's break/return flag"};
    StageNames names = {extra_name, 1};
    Value *both = stage_cond(in, go, extra_then, extra_else, s, &names, s->loc);
    return both ? both->list->items[0] : NULL;
}

static Value *for_body(Interp *in, void *ctx, Value *vars) {
    LoopState *s = ctx;
    if (!set_vars(in, s, vars)) return NULL;
    Value *index = vars->list->items[s->nstate];
    IrValue *i = index->tensor.ir;
    Value *item = index;
    if (s->element) {
        if (!(item = call1(in, s->element, index, s->loc))) return NULL;
    } else if (!s->is_range) {
        IrValue *row = op2(in, OP_GATHER, s->seq, i, s->loc);
        if (!row) return NULL;
        item = tensor_value(in, row);
    }
    if (!call1(in, s->body, item, s->loc)) return NULL;
    Value *state = read_state(in, s->get_state, s->nstate, s->loc);
    IrValue *step = s->is_range ? s->delta
                                : scalar_const(in, value_int(in->arena, 1), i->type.dtype, s->loc);
    IrValue *next = state && step ? op2(in, OP_ADD, i, step, s->loc) : NULL;
    if (!next) return NULL;
    Value *out = value_tuple(in->arena, s->nstate + 1);
    for (int k = 0; k < s->nstate; k++) out->list->items[k] = state->list->items[k];
    out->list->items[s->nstate] = tensor_value(in, next);
    return out;
}

/* How many rows a tensor has: its static first dim, or tf.shape(x)[0]. */
static IrValue *row_count(Interp *in, IrValue *seq, SrcLoc loc) {
    int64_t n = seq->type.shape.dims[0];
    if (n != DIM_UNKNOWN) return scalar_const(in, value_int(in->arena, n), DT_INT32, loc);
    IrValue *shape = build_op(&in->tracer->builder, OP_SHAPE, &seq, 1, NULL, vm_op_loc(in, loc));
    IrValue *zero = shape ? scalar_const(in, value_int(in->arena, 0), DT_INT32, loc) : NULL;
    return zero ? op2(in, OP_GATHER, shape, zero, loc) : NULL;
}

/* A tf.data dataset in a traced for loop: its _ingot_loop() gives (count, element), an
   int64 scalar tensor and a function of the index, so the loop is one graph while over
   0..count-1 whose body starts with element(i). (Eagerly, the dataset's __iter__ runs
   instead, a Python loop over concrete elements.) */
static bool dataset_loop(Interp *in, LoopState *s, Value *hook, IrValue **start) {
    Value *pair = call0(in, hook, s->loc);
    if (!pair) return false;
    IG_ASSERT(pair->kind == VAL_TUPLE && pair->list->len == 2 && /* the stdlib's tf.data */
              value_is_tensor(pair->list->items[0]));
    s->count = pair->list->items[0]->tensor.ir;
    s->element = pair->list->items[1];
    *start = scalar_const(in, value_int(in->arena, 0), s->count->type.dtype, s->loc);
    return *start != NULL;
}

static Value *staged_for(Interp *in, LoopState *s, Value *iter, Value *dataset_hook,
                         const StageNames *sym, Value *opts) {
    IrValue *seq = dataset_hook ? NULL : iter->tensor.ir;
    Value *t = dataset_hook ? iter : to_tensor(in, iter, -1, s->loc); /* checks its scope */
    if (!t) return NULL;
    IrValue *start;
    if (dataset_hook) {
        if (!dataset_loop(in, s, dataset_hook, &start)) return NULL;
    } else if (seq->def && seq->def->op == OP_RANGE) {
        /* tf.range: its start/limit/delta drive the loop directly. */
        s->is_range = true;
        start = seq->def->inputs[0];
        s->limit = seq->def->inputs[1];
        s->delta = seq->def->inputs[2];
        s->delta_sign = const_sign(s->delta);
    } else {
        if (seq->type.shape.rank == 0)
            return vm_type_error(in, s->loc, "Cannot iterate over a scalar tensor.");
        s->seq = seq;
        if (!(s->count = row_count(in, seq, s->loc))) return NULL;
        if (!(start = scalar_const(in, value_int(in->arena, 0), DT_INT32, s->loc))) return NULL;
    }
    LoopSpec spec = {0};
    if (!loop_options(in, opts, &spec, s->loc)) return NULL;
    Value *state = read_state(in, s->get_state, s->nstate, s->loc);
    if (!state) return NULL;
    Value *init = value_tuple(in->arena, s->nstate + 1);
    const char **names = ARENA_ARRAY(in->arena, const char *, s->nstate + 1);
    for (int i = 0; i < s->nstate; i++) {
        init->list->items[i] = state->list->items[i];
        names[i] = sym->names[i];
    }
    init->list->items[s->nstate] = tensor_value(in, start);
    names[s->nstate] = "<internal iterate>";
    spec.names = (StageNames){names, s->nstate + 1};
    Value *final = stage_while(in, init, for_test, for_body, s, &spec, s->loc);
    return final && call1(in, s->set_state, tuple_slice(in, final, 0, s->nstate), s->loc)
               ? value_none()
               : NULL;
}

/* ag__.for_stmt(iter, extra_test, body, get_state, set_state, symbol_names, opts) */
static Value *ag_for_stmt(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    static const char *const names[] = {"iter",      "extra_test",   "body", "get_state",
                                        "set_state", "symbol_names", "opts"};
    Value *a[7];
    if (!args_bind(in, args, "for_stmt", names, 7, 7, a, loc)) return NULL;
    StageNames sym;
    if (!names_arg(in, a[5], &sym, loc)) return NULL;
    LoopState s = {.body = a[2], .get_state = a[3], .set_state = a[4], .nstate = sym.n, .loc = loc};
    s.extra_test = a[1]->kind == VAL_NONE ? NULL : a[1];
    if (is_staged(in, a[0])) return staged_for(in, &s, a[0], NULL, &sym, a[6]);
    if (!tracer_is_eager(in) && a[0]->kind == VAL_INSTANCE) {
        bool missing = false;
        Value *hook = lookup_attribute(in, a[0], "_ingot_loop", loc, &missing);
        if (!hook && !missing) return NULL;
        if (hook) return staged_for(in, &s, a[0], hook, &sym, a[6]);
    }
    Cursor c;
    if (!cursor_open(in, a[0], &c, loc)) return NULL;
    Unroll unroll = {0};
    for (;;) {
        /* The break flag is tested before the next item is taken: a generator is not
           advanced past a break. */
        if (s.extra_test) {
            Value *more = call0(in, s.extra_test, loc);
            if (!more) return NULL;
            if (is_staged(in, more))
                return vm_raise(
                    in, EXC_NOT_IMPLEMENTED_ERROR, loc,
                    "break and return statements which depend on a TF "
                    "condition are not supported in Python for loops. Did you intend to make it a "
                    "TF loop?");
            bool ok;
            bool go = value_truthy(in, more, loc, &ok);
            if (!ok) return NULL;
            if (!go) break;
        }
        Value *item;
        if (!cursor_next(in, &c, &item, loc)) return NULL;
        if (!item) break;
        unroll_begin(in, &unroll);
        if (!call1(in, s.body, item, loc) || !unroll_end(in, &unroll, loc)) return NULL;
    }
    return value_none();
}

/* ---- expressions --------------------------------------------------------------------------- */

typedef struct ExprState {
    Value *fn[2];       /* then, else: thunks, or NULL for `value` */
    Value *value;
    SrcLoc loc;
} ExprState;

static Value *expr_branch(Interp *in, ExprState *s, int which) {
    Value *v = s->fn[which] ? call0(in, s->fn[which], s->loc) : s->value;
    if (!v) return NULL;
    Value *one = value_tuple(in->arena, 1);
    one->list->items[0] = v;
    return one;
}

static Value *expr_then(Interp *in, void *ctx, Value *vars) {
    (void)vars;
    return expr_branch(in, ctx, 0);
}

static Value *expr_else(Interp *in, void *ctx, Value *vars) {
    (void)vars;
    return expr_branch(in, ctx, 1);
}

static Value *staged_expr(Interp *in, Value *cond, ExprState *s, const char *name,
                          const char *tag) {
    IrValue *pred = stage_condition(in, cond, tag, s->loc);
    if (!pred) return NULL;
    const char *names[1] = {name};
    StageNames sn = {names, 1};
    Value *merged = stage_cond(in, pred, expr_then, expr_else, s, &sn, s->loc);
    return merged ? merged->list->items[0] : NULL;
}

/* ag__.if_exp(cond, if_true, if_false, expr_repr) */
static Value *ag_if_exp(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    static const char *const names[] = {"cond", "if_true", "if_false", "expr_repr"};
    Value *a[4];
    if (!args_bind(in, args, "if_exp", names, 4, 3, a, loc)) return NULL;
    if (!is_staged(in, a[0])) {
        bool ok;
        bool go = condition_truthy(in, a[0], "conditional expression", loc, &ok);
        return ok ? call0(in, go ? a[1] : a[2], loc) : NULL;
    }
    ExprState s = {{a[1], a[2]}, NULL, loc};
    const char *name = a[3] && a[3]->kind == VAL_STR ? a[3]->str.s : "the conditional expression";
    return staged_expr(in, a[0], &s, name, "conditional expression");
}

/* ag__.and_(a, b) and ag__.or_(a, b): lazy, like Python's, on thunks. A tensor left
   side gives a cond: `a and b` is cond(a, b, a); `a or b` is cond(a, a, b). */
static Value *lazy_boolop(Interp *in, CallArgs *args, bool is_and, SrcLoc loc) {
    static const char *const names[] = {"a", "b"};
    Value *a[2];
    if (!args_bind(in, args, is_and ? "and_" : "or_", names, 2, 2, a, loc)) return NULL;
    Value *left = call0(in, a[0], loc);
    if (!left) return NULL;
    if (!is_staged(in, left)) {
        bool ok;
        bool t = value_truthy(in, left, loc, &ok);
        if (!ok) return NULL;
        return t == is_and ? call0(in, a[1], loc) : left;
    }
    ExprState s = {{is_and ? a[1] : NULL, is_and ? NULL : a[1]}, left, loc};
    return staged_expr(in, left, &s, is_and ? "the 'and' expression" : "the 'or' expression",
                       is_and ? "'and' expression" : "'or' expression");
}

static Value *ag_and(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    return lazy_boolop(in, args, true, loc);
}

static Value *ag_or(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    return lazy_boolop(in, args, false, loc);
}

/* ag__.not_(a): logical_not on a tensor, Python's `not` otherwise. */
static Value *ag_not(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    static const char *const names[] = {"a"};
    Value *a[1];
    if (!args_bind(in, args, "not_", names, 1, 1, a, loc)) return NULL;
    if (value_is_tensor(a[0])) {
        Value *t = to_tensor(in, a[0], -1, loc);
        if (!t) return NULL;
        if (t->tensor.ir->type.dtype != DT_BOOL)
            return vm_type_error(
                in, loc, "'not' of a %s tensor: only a bool tensor has a logical not (use tf.cast)",
                dtype_name(t->tensor.ir->type.dtype));
        IrValue *r = build_op(&in->tracer->builder, OP_LOGICAL_NOT, &t->tensor.ir, 1, NULL,
                              vm_op_loc(in, loc));
        return r ? tensor_value(in, r) : NULL;
    }
    bool ok;
    bool t = value_truthy(in, a[0], loc, &ok);
    return ok ? value_bool(!t) : NULL;
}

/* ---- undefined values ------------------------------------------------------------------------ */

static Value *ag_undefined(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    static const char *const names[] = {"symbol_name"};
    Value *a[1];
    if (!args_bind(in, args, "Undefined", names, 1, 1, a, loc)) return NULL;
    if (a[0]->kind != VAL_STR) return vm_type_error(in, loc, "Undefined() takes a name");
    return value_undefined(in->arena, a[0]->str.s);
}

static Value *ag_undefined_return(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    if (!args_bind(in, args, "UndefinedReturnValue", NULL, 0, 0, NULL, loc)) return NULL;
    return value_undefined_return();
}

/* ag__.ld(x): reading a name the converter found possibly unassigned. */
static Value *ag_ld(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    static const char *const names[] = {"value"};
    Value *a[1];
    if (!args_bind(in, args, "ld", names, 1, 1, a, loc)) return NULL;
    if (a[0]->kind == VAL_UNDEFINED)
        return vm_raise(in, EXC_UNBOUND_LOCAL_ERROR, loc, "'%s' is used before assignment",
                        a[0]->str.s);
    return a[0];
}

/* ag__.ret(retval_, do_return): the function's result; None when no return ran. */
static Value *ag_ret(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    static const char *const names[] = {"retval", "do_return"};
    Value *a[2];
    if (!args_bind(in, args, "ret", names, 2, 2, a, loc)) return NULL;
    return a[0]->kind == VAL_UNDEFINED_RETURN ? value_none() : a[0];
}

/* A Python loop that while_stmt or for_stmt runs is where a step-limit error points
   (budget.h); a staged loop's body is traced once. */
static Value *ag_loop(Interp *in, Value *self, CallArgs *args, SrcLoc loc, BuiltinFn run) {
    const SrcLoc *outer = budget_loop_enter(&in->budget, &loc);
    Value *r = run(in, self, args, loc);
    budget_loop_leave(&in->budget, outer);
    return r;
}

static Value *ag_while_loop(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    return ag_loop(in, self, args, loc, ag_while_stmt);
}

static Value *ag_for_loop(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    return ag_loop(in, self, args, loc, ag_for_stmt);
}

PyModule *autograph_module(Interp *in) {
    PyModule *m = pymodule_create(in, "ag__", NULL, true);
    static const struct { const char *name; BuiltinFn fn;
    } ops[] = {
        {"if_stmt", ag_if_stmt},
        {"while_stmt", ag_while_loop},
        {"for_stmt", ag_for_loop},
        {"if_exp", ag_if_exp},
        {"and_", ag_and},
        {"or_", ag_or},
        {"not_", ag_not},
        {"Undefined", ag_undefined},
        {"UndefinedReturnValue", ag_undefined_return},
        {"ld", ag_ld},
        {"ret", ag_ret},
    };
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
        env_set_local(in, m->globals, vm_intern(in, ops[i].name),
                      value_builtin(in->arena, ops[i].name, ops[i].fn, NULL));
    return m;
}
