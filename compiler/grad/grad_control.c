/* grad_control.c — gradients through cond, while and calls of traced functions, built
 * as TensorFlow's cond_v2, while_v2 and function gradients build them (TF-SEMANTICS.md
 * §3), at trace time:
 *
 * - cond: the backward is a second cond on the same predicate whose branches are the
 *   forward branches' backward passes. A forward value a backward branch needs becomes
 *   an extra output of the forward cond (the other branch yields zeros there).
 * - while: the forward loop gets a trip counter and, for each value of its body that
 *   the backward needs, a stack filled one row per iteration (stack_push). The
 *   backward is a while loop running as many times, reading row k-1 of each stack.
 * - call: the backward is a call of a new function built from the callee's body; the
 *   callee's values it needs become extra results of the callee.
 *
 * The backward of a region is reverse mode over its instructions (backprop_region),
 * which recurses into nested conds and loops. Only values that depend on a wanted
 * source (an input, a captured value or a variable read) get gradients.
 * Entry points: grad_control, grad_control_sources.
 * Memory owner: the Builder's Module's Arena. */
#include <string.h>

#include "grad_internal.h"
#include "value_map.h"

typedef struct Ctx {
    G *g;
    Module *m;
    Arena *a;
    ValueMap wanted_reads; /* READ_VAR outputs, anywhere inside, that need gradients */
} Ctx;

/* ---- sources -------------------------------------------------------------------------- */

static bool grad_is_control(const Inst *i) {
    return i->nregions > 0 || (i->op == OP_CALL && i->callee);
}

static bool listed(IrValue *const *vals, int n, const IrValue *v) {
    for (int k = 0; k < n; k++)
        if (vals[k] == v) return true;
    return false;
}

/* The wanted reads in r, in the regions nested in it and in the functions it calls
   (each once: a function called twice reads through the same instructions). */
static void add_nested_reads(Arena *a, const Region *r, bool (*wanted)(void *, const Inst *),
                             void *ctx, IrValue ***vals, int *n, int *cap) {
    for (const Inst *i = r->first; i; i = i->next) {
        if (i->op == OP_CALL && i->callee)
            add_nested_reads(a, i->callee->body, wanted, ctx, vals, n, cap);
        if (i->op == OP_READ_VAR && wanted && wanted(ctx, i) && !listed(*vals, *n, i->outputs[0])) {
            if (*n == *cap) {
                int bigger = *cap ? 2 * *cap : 8;
                *vals = arena_grow(a, *vals, sizeof(IrValue *), (size_t)*n, (size_t)bigger);
                *cap = bigger;
            }
            (*vals)[(*n)++] = i->outputs[0];
        }
        for (int k = 0; k < i->nregions; k++)
            add_nested_reads(a, i->regions[k], wanted, ctx, vals, n, cap);
    }
}

IrValue **grad_control_sources(Arena *a, const Inst *inst,
                               bool (*is_read_wanted)(void *ctx, const Inst *read), void *ctx,
                               int *n, int *ncaptures) {
    IrValue **vals = inst_captures(a, inst, n);
    int cap = *n;
    *ncaptures = *n;
    for (int k = 0; k < inst->nregions; k++)
        add_nested_reads(a, inst->regions[k], is_read_wanted, ctx, &vals, n, &cap);
    if (inst->op == OP_CALL && inst->callee)
        add_nested_reads(a, inst->callee->body, is_read_wanted, ctx, &vals, n, &cap);
    return vals;
}

static bool read_is_wanted(void *ctx, const Inst *read) {
    const Ctx *c = ctx;
    return value_map_get(&c->wanted_reads, read->outputs[0]) != NULL;
}

/* ---- which values need gradients --------------------------------------------------------- */

static bool is_active(const ValueMap *act, const IrValue *v) { return value_map_get(act, v); }

static void set_active(Ctx *c, ValueMap *act, IrValue *v) {
    if (dtype_is_float(v->type.dtype)) value_map_put(c->a, act, v, v);
}

/* Whether v needs its gradient: active, or a wanted read of a variable. */
static bool source_is_wanted(Ctx *c, const ValueMap *act, const IrValue *v) {
    return is_active(act, v) || (v->def && v->def->op == OP_READ_VAR && read_is_wanted(c, v->def));
}

/* Marks the outputs of r's instructions that depend on an active value. */
static void mark_active(Ctx *c, const Region *r, ValueMap *act) {
    for (const Inst *i = r->first; i; i = i->next) {
        bool reaches = false;
        if (i->op == OP_READ_VAR) {
            reaches = read_is_wanted(c, i);
        } else if (grad_kind(i->op) != GRAD_NONE) {
            for (int k = 0; k < i->ninputs && !reaches; k++) reaches = is_active(act, i->inputs[k]);
            if (grad_is_control(i) && !reaches) {
                int n, ncaptures;
                IrValue **srcs = grad_control_sources(c->a, i, read_is_wanted, c, &n, &ncaptures);
                for (int k = 0; k < n && !reaches; k++) reaches = source_is_wanted(c, act, srcs[k]);
            }
        }
        if (reaches)
            for (int k = 0; k < i->noutputs; k++) set_active(c, act, i->outputs[k]);
    }
}

/* ---- small builders ------------------------------------------------------------------------ */

/* Zeros shaped like v: a fill when v's shape is static, else from tf.shape(v) (v must be
   visible where the ops go). */
static IrValue *zeros_like(Ctx *c, const IrValue *v) {
    if (shape_is_static(&v->type.shape)) return grad_fill(c->g->b, v->type, 0, c->g->loc);
    return grad_fill_like(c->g->b, v, 0, c->g->loc);
}

/* Zeros of v's dtype and rank, as small as possible: what a branch that did not make v
   yields in its place. */
static IrValue *placeholder_like(Ctx *c, const IrValue *v) {
    TensorType t = v->type;
    for (int i = 0; i < t.shape.rank; i++)
        if (t.shape.dims[i] == DIM_UNKNOWN) t.shape.dims[i] = 0;
    return grad_fill(c->g->b, t, 0, c->g->loc);
}

static void accumulate(Ctx *c, ValueMap *grads, IrValue *v, IrValue *d, bool *ok) {
    if (!d) return;
    IrValue *sum = grad_accumulate(c->g->b, value_map_get(grads, v), d, c->g->loc);
    if (!sum)
        *ok = false;
    else
        value_map_put(c->a, grads, v, sum);
}

/* ---- reverse mode over a region ------------------------------------------------------------ */

static bool inst_backward(Ctx *c, Inst *i, const ValueMap *act, ValueMap *grads, IrValue **dys) {
    Builder *b = c->g->b;
    if (grad_kind(i->op) == GRAD_MISSING) {
        build_unsupported(b, c->g->loc, "the gradient of '%s' (TensorFlow's %s), made at line %d",
                          op_info[i->op].name, op_info[i->op].tf_type, i->loc.line);
        return false;
    }
    GradOp op = {i->op, &i->attrs, i->inputs, i->ninputs, i->outputs, i->noutputs, NULL, NULL};
    if (grad_is_control(i)) {
        int nsrc, ncaptures;
        IrValue **srcs = grad_control_sources(c->a, i, read_is_wanted, c, &nsrc, &ncaptures);
        IrValue **ins = ARENA_ARRAY(c->a, IrValue *, i->ninputs + nsrc + 1);
        bool *wanted = ARENA_ARRAY(c->a, bool, i->ninputs + nsrc + 1);
        memcpy(ins, i->inputs, sizeof(IrValue *) * (size_t)i->ninputs);
        if (nsrc) memcpy(ins + i->ninputs, srcs, sizeof(IrValue *) * (size_t)nsrc); /* NULL: none */
        for (int k = 0; k < i->ninputs + nsrc; k++) wanted[k] = source_is_wanted(c, act, ins[k]);
        op = (GradOp){i->op, &i->attrs, ins, i->ninputs + nsrc, i->outputs, i->noutputs, i, wanted};
    }
    IrValue **dxs = ARENA_ARRAY(c->a, IrValue *, op.ninputs + 1);
    if (!grad_op(b, &op, dys, dxs, c->g->loc)) return false;
    bool ok = true;
    for (int k = 0; k < op.ninputs && ok; k++) {
        IrValue *x = op.inputs[k];
        if (source_is_wanted(c, act, x)) accumulate(c, grads, x, dxs[k], &ok);
    }
    return ok;
}

/* Adds to grads the gradient of every active value r uses, from those of r's values
   already in grads; the backward ops go to the builder's region. */
static bool backprop_region(Ctx *c, const Region *r, const ValueMap *act, ValueMap *grads) {
    for (Inst *i = r->last; i; i = i->prev) {
        if (grad_kind(i->op) == GRAD_NONE) continue;
        IrValue **dys = ARENA_ARRAY(c->a, IrValue *, i->noutputs + 1);
        bool reached = false;
        for (int k = 0; k < i->noutputs; k++)
            reached |= (dys[k] = value_map_get(grads, i->outputs[k])) != NULL;
        if (reached && !inst_backward(c, i, act, grads, dys)) return false;
    }
    return true;
}

/* The values defined in fwd (its params, its instructions' outputs) that r uses, each
   once, in order of first use; *cap is the array's room (it doubles). */
static void collect_uses(Ctx *c, const Region *r, const Region *fwd, ValueMap *seen,
                         IrValue ***vals, int *n, int *cap) {
    for (const Inst *i = r->first;; i = i->next) {
        int count = i ? i->ninputs : r->nresults; /* after the last instruction: results */
        for (int k = 0; k < count; k++) {
            IrValue *v = i ? i->inputs[k] : r->results[k];
            if (!value_defined_in(v, fwd) || value_map_get(seen, v)) continue;
            value_map_put(c->a, seen, v, v);
            if (*n == *cap) {
                int bigger = *cap ? 2 * *cap : 8;
                *vals = arena_grow(c->a, *vals, sizeof(IrValue *), (size_t)*n, (size_t)bigger);
                *cap = bigger;
            }
            (*vals)[(*n)++] = v;
        }
        if (!i) break;
        for (int k = 0; k < i->nregions; k++)
            collect_uses(c, i->regions[k], fwd, seen, vals, n, cap);
    }
}

static void replace_uses(Region *r, const ValueMap *subst) {
    for (Inst *i = r->first; i; i = i->next) {
        for (int k = 0; k < i->ninputs; k++) {
            IrValue *s = value_map_get(subst, i->inputs[k]);
            if (s) i->inputs[k] = s;
        }
        for (int k = 0; k < i->nregions; k++) replace_uses(i->regions[k], subst);
    }
    for (int k = 0; k < r->nresults; k++) {
        IrValue *s = value_map_get(subst, r->results[k]);
        if (s) r->results[k] = s;
    }
}

/* ---- cond ------------------------------------------------------------------------------------ */

/* The backward of one forward branch: a region yielding the gradient of each wanted
   source (zeros where none reaches it). */
static Region *cond_branch_backward(Ctx *c, const GradOp *op, const Region *fwd,
                                    IrValue *const *dys) {
    Builder *b = c->g->b;
    Region *back = region_new(c->m, b->region->func);
    Region *saved = b->region;
    b->region = back;
    ValueMap act = {0}, grads = {0};
    for (int k = 1; k < op->ninputs; k++)
        if (op->wanted[k]) set_active(c, &act, op->inputs[k]);
    mark_active(c, fwd, &act);
    bool ok = true;
    for (int i = 0; i < fwd->nresults && i < op->noutputs; i++)
        if (dys[i] && is_active(&act, fwd->results[i]))
            accumulate(c, &grads, fwd->results[i], dys[i], &ok);
    ok = ok && backprop_region(c, fwd, &act, &grads);
    IrValue **results = ARENA_ARRAY(c->a, IrValue *, op->ninputs);
    int n = 0;
    for (int k = 1; k < op->ninputs && ok; k++) {
        if (!op->wanted[k]) continue;
        IrValue *d = value_map_get(&grads, op->inputs[k]);
        results[n++] = d ? d : zeros_like(c, op->inputs[k]);
        ok = results[n - 1] != NULL;
    }
    if (ok) region_set_results(c->m, back, results, n);
    b->region = saved;
    return ok ? back : NULL;
}

/* The forward values branch `side` of cond makes and back uses become outputs of cond
   (reusing an output that already yields one), and back reads those instead. */
static bool cond_export(Ctx *c, Inst *cond, int side, Region *back) {
    Region *fwd = cond->regions[side], *other = cond->regions[1 - side];
    ValueMap seen = {0}, subst = {0};
    IrValue **used = NULL;
    int n = 0, cap = 0;
    collect_uses(c, back, fwd, &seen, &used, &n, &cap);
    Builder *b = c->g->b;
    Region *saved = b->region;
    bool ok = true;
    for (int u = 0; u < n && ok; u++) {
        IrValue *v = used[u], *out = NULL;
        for (int i = 0; i < fwd->nresults && !out; i++)
            if (fwd->results[i] == v) out = cond->outputs[i];
        if (!out) {
            b->region = other;
            IrValue *zeros = placeholder_like(c, v);
            ok = zeros != NULL;
            if (ok) out = cond_add_result(c->m, cond, side == 0 ? v : zeros, side == 0 ? zeros : v);
        }
        if (out) value_map_put(c->a, &subst, v, out);
    }
    b->region = saved;
    if (ok) replace_uses(back, &subst);
    return ok;
}

static bool grad_cond(Ctx *c, const GradOp *op, IrValue *const *dys, IrValue **dxs) {
    Inst *cond = op->inst;
    bool any = false;
    for (int k = 1; k < op->ninputs; k++) any |= op->wanted[k];
    if (!any) return true;
    Region *back[2];
    for (int side = 0; side < 2; side++)
        if (!(back[side] = cond_branch_backward(c, op, cond->regions[side], dys))) return false;
    for (int side = 0; side < 2; side++)
        if (!cond_export(c, cond, side, back[side])) return false;
    Inst *bc = build_cond(c->g->b, op->inputs[0], back[0], back[1], c->g->loc);
    if (!bc) return false;
    for (int k = 1, n = 0; k < op->ninputs; k++)
        if (op->wanted[k]) dxs[k] = bc->outputs[n++];
    return true;
}

/* ---- while ----------------------------------------------------------------------------------- */

static bool const_int_is(const IrValue *v, int64_t want) {
    if (!v->def || v->def->op != OP_CONST || v->type.dtype != DT_INT32 || v->type.shape.rank)
        return false;
    const Attr *a = attrs_get(&v->def->attrs, "value");
    return a && a->kind == ATTR_TENSOR && *(const int32_t *)a->tensor->data == want;
}

/* Whether loop variable j of w is a stack its gradient added (stack_push in the body). */
static bool is_stack_var(const Inst *w, int j) {
    const Region *body = w->regions[1];
    const IrValue *next = body->results[j];
    return next->def && next->def->op == OP_STACK_PUSH && next->def->inputs[0] == body->params[j];
}

/* Builds an initial value of a new loop variable of w, before w. */
static IrValue *init_before(Ctx *c, Inst *w, IrValue *(*make)(Ctx *, const IrValue *),
                            const IrValue *like) {
    Builder *b = c->g->b;
    Region *saved = b->region;
    b->region = w->parent;
    Inst *last = w->parent->last;
    IrValue *v = make(c, like);
    b->region = saved;
    if (!v) return NULL;
    /* Everything built after `last` moves, in order, to just before w. */
    Inst *after = w->prev;
    for (Inst *i = last->next, *next; i; i = next) {
        next = i->next;
        region_move_inst(w->parent, i, after);
        after = i;
    }
    return v;
}

static IrValue *make_zero_i32(Ctx *c, const IrValue *like) {
    (void)like;
    return g_scalar(c->g, DT_INT32, 0);
}

/* An empty stack for rows like `like`. */
static IrValue *make_empty_stack(Ctx *c, const IrValue *like) {
    TensorType t = like->type;
    t.shape.rank++;
    memmove(t.shape.dims + 1, like->type.shape.dims,
            sizeof(int64_t) * (size_t)like->type.shape.rank);
    t.shape.dims[0] = 0;
    for (int i = 1; i < t.shape.rank; i++)
        if (t.shape.dims[i] == DIM_UNKNOWN) t.shape.dims[i] = 0;
    return grad_fill(c->g->b, t, 0, c->g->loc);
}

/* The output of w that counts its iterations: a loop variable from 0 adding 1 (the
   script's own, or a new one). */
static IrValue *while_counter(Ctx *c, Inst *w) {
    Region *body = w->regions[1];
    for (int j = 0; j < w->noutputs; j++) {
        const IrValue *next = body->results[j];
        if (const_int_is(w->inputs[j], 0) && next->def && next->def->op == OP_ADD &&
            next->def->inputs[0] == body->params[j] && const_int_is(next->def->inputs[1], 1))
            return w->outputs[j];
    }
    IrValue *zero = init_before(c, w, make_zero_i32, NULL);
    if (!zero) return NULL;
    IrValue *param;
    IrValue *out = while_add_var(c->m, w, zero, zero->type, &param);
    Builder *b = c->g->b;
    Region *saved = b->region;
    b->region = body;
    IrValue *next = g_bin(c->g, OP_ADD, param, g_scalar(c->g, DT_INT32, 1));
    b->region = saved;
    if (!next) return NULL;
    body->results[body->nresults - 1] = next;
    return out;
}

/* The output of w that stacks v, a value of its body, one row per iteration. */
static IrValue *while_stack(Ctx *c, Inst *w, IrValue *v) {
    Region *body = w->regions[1];
    if (v->type.shape.rank >= IR_MAX_RANK) {
        build_unsupported(c->g->b, c->g->loc,
                          "the gradient of the while loop at line %d, which would keep a "
                          "rank-%d value per iteration (a stack of rank %d is over Ingot's "
                          "limit of %d)",
                          w->loc.line, v->type.shape.rank, v->type.shape.rank + 1, IR_MAX_RANK);
        return NULL;
    }
    for (int j = 0; j < w->noutputs; j++)
        if (is_stack_var(w, j) && body->results[j]->def->inputs[1] == v) return w->outputs[j];
    IrValue *empty = init_before(c, w, make_empty_stack, v);
    if (!empty) return NULL;
    TensorType type = empty->type;
    for (int i = 0; i < v->type.shape.rank; i++) type.shape.dims[i + 1] = v->type.shape.dims[i];
    type.shape.dims[0] = DIM_UNKNOWN;
    IrValue *param;
    IrValue *out = while_add_var(c->m, w, empty, type, &param);
    Builder *b = c->g->b;
    Region *saved = b->region;
    b->region = body;
    IrValue *pushed = g_bin(c->g, OP_STACK_PUSH, param, v);
    b->region = saved;
    if (!pushed) return NULL;
    body->results[body->nresults - 1] = pushed;
    return out;
}

/* Which loop variables of w carry a gradient: those whose initial value is wanted, and
   those an iteration makes from something that needs one; a stack its gradient added
   only when a gradient reaches it (a gradient of a gradient). */
static bool *while_active_vars(Ctx *c, const GradOp *op, IrValue *const *dys, int nvars,
                               ValueMap *act) {
    const Inst *w = op->inst;
    const Region *body = w->regions[1];
    bool *on = ARENA_ARRAY(c->a, bool, nvars + 1);
    for (int j = 0; j < nvars; j++)
        on[j] = op->wanted[j] && !is_stack_var(w, j) && dtype_is_float(w->outputs[j]->type.dtype);
    for (bool changed = true; changed;) {
        *act = (ValueMap){0};
        for (int k = nvars; k < op->ninputs; k++)
            if (op->wanted[k]) set_active(c, act, op->inputs[k]);
        for (int j = 0; j < nvars; j++)
            if (on[j]) set_active(c, act, body->params[j]);
        mark_active(c, body, act);
        changed = false;
        for (int j = 0; j < nvars; j++)
            if (!on[j] && !is_stack_var(w, j) && is_active(act, body->results[j]))
                on[j] = changed = true;
    }
    /* A stack's parameter feeds only its own push, whose output is already marked. */
    for (int j = 0; j < nvars; j++)
        if (is_stack_var(w, j) && (on[j] = dys[j] && is_active(act, body->results[j])))
            set_active(c, act, body->params[j]);
    return on;
}

static bool grad_while(Ctx *c, const GradOp *op, IrValue *const *dys, IrValue **dxs) {
    Inst *w = op->inst;
    Builder *b = c->g->b;
    Region *body = w->regions[1];
    int nvars = op->noutputs; /* the loop variables when the tape saw it */
    ValueMap act;
    bool *on = while_active_vars(c, op, dys, nvars, &act);
    int nsrc = 0, non = 0;
    for (int j = 0; j < nvars; j++) non += on[j];
    for (int k = nvars; k < op->ninputs; k++) nsrc += op->wanted[k];
    if (non + nsrc == 0) return true;

    /* The backward loop's variables: k, the iterations left; the gradient of each active
       loop variable; the gradient of each wanted source, summed over iterations. */
    Func *here = b->region->func; /* not body's when the loop is in a called function */
    Region *back_cond = region_new(c->m, here), *back = region_new(c->m, here);
    TensorType counter_type = {DT_INT32, shape_scalar()};
    IrValue *k_cond = region_add_param(c->m, back_cond, counter_type, "k");
    IrValue *k = region_add_param(c->m, back, counter_type, "k");
    IrValue **dstate = ARENA_ARRAY(c->a, IrValue *, nvars + 1);
    IrValue **dsrc = ARENA_ARRAY(c->a, IrValue *, op->ninputs + 1);
    for (int j = 0; j < nvars; j++) {
        if (!on[j]) continue;
        region_add_param(c->m, back_cond, body->params[j]->type, NULL);
        dstate[j] = region_add_param(c->m, back, body->params[j]->type, NULL);
    }
    for (int s = nvars; s < op->ninputs; s++) {
        if (!op->wanted[s]) continue;
        region_add_param(c->m, back_cond, op->inputs[s]->type, NULL);
        dsrc[s] = region_add_param(c->m, back, op->inputs[s]->type, NULL);
    }

    /* The body's backward: one iteration, the (k-1)th, undone. */
    Region *saved = b->region;
    b->region = back;
    IrValue *index = g_bin(c->g, OP_SUB, k, g_scalar(c->g, DT_INT32, 1));
    ValueMap grads = {0};
    bool ok = index != NULL;
    for (int j = 0; j < nvars && ok; j++)
        if (on[j]) accumulate(c, &grads, body->results[j], dstate[j], &ok);
    ok = ok && backprop_region(c, body, &act, &grads);
    int nresults = 1 + non + nsrc, n = 0;
    IrValue **results = ARENA_ARRAY(c->a, IrValue *, nresults);
    results[n++] = index;
    for (int j = 0; j < nvars && ok; j++) {
        if (!on[j]) continue;
        IrValue *d = value_map_get(&grads, body->params[j]);
        ok = (results[n++] = d ? d : zeros_like(c, body->params[j])) != NULL;
    }
    for (int s = nvars; s < op->ninputs && ok; s++) {
        if (!op->wanted[s]) continue;
        IrValue *d = value_map_get(&grads, op->inputs[s]);
        ok = (results[n++] = d ? grad_accumulate(b, dsrc[s], d, c->g->loc) : dsrc[s]) != NULL;
    }
    if (ok) region_set_results(c->m, back, results, nresults);
    b->region = back_cond;
    IrValue *more = ok ? g_bin(c->g, OP_GREATER, k_cond, g_scalar(c->g, DT_INT32, 0)) : NULL;
    if (more) region_set_results(c->m, back_cond, &more, 1);
    b->region = saved;
    if (!more) return false;

    /* The forward loop keeps what the backward reads: its trip count, and a stack per
       value of its body, read back as row k-1. */
    IrValue *trips = while_counter(c, w);
    if (!trips) return false;
    ValueMap seen = {0}, subst = {0};
    IrValue **used = NULL;
    int nused = 0, cap = 0;
    collect_uses(c, back, body, &seen, &used, &nused, &cap);
    Inst *after = index->def;
    for (int u = 0; u < nused; u++) {
        IrValue *stack = while_stack(c, w, used[u]);
        if (!stack) return false;
        Attrs attrs = {0};
        attrs_set_int(c->a, &attrs, "axis", 0);
        b->region = back;
        IrValue *in[2] = {stack, index};
        IrValue *row = g_op(c->g, OP_GATHER, in, 2, &attrs);
        b->region = saved;
        if (!row) return false;
        region_move_inst(back, row->def, after);
        after = row->def;
        value_map_put(c->a, &subst, used[u], row);
    }
    replace_uses(back, &subst);

    /* The backward loop, from the gradients of w's outputs. */
    IrValue **inits = ARENA_ARRAY(c->a, IrValue *, nresults);
    n = 0;
    inits[n++] = trips;
    for (int j = 0; j < nvars && ok; j++)
        if (on[j]) ok = (inits[n++] = dys[j] ? dys[j] : zeros_like(c, w->outputs[j])) != NULL;
    for (int s = nvars; s < op->ninputs && ok; s++)
        if (op->wanted[s]) ok = (inits[n++] = zeros_like(c, op->inputs[s])) != NULL;
    Inst *bw = ok ? build_while(b, inits, nresults, back_cond, back, c->g->loc) : NULL;
    if (!bw) return false;
    n = 1;
    for (int j = 0; j < nvars; j++)
        if (on[j]) {
            IrValue *d = bw->outputs[n++];
            if (op->wanted[j]) dxs[j] = d;
        }
    for (int s = nvars; s < op->ninputs; s++)
        if (op->wanted[s]) dxs[s] = bw->outputs[n++];
    return true;
}

/* ---- call ----------------------------------------------------------------------- */

/* The gradient of a call of f is a call of a new function, f's backward: it takes the
   gradients of the call's outputs and the values of f's body that its backward reads,
   and returns the gradients of the wanted arguments and variable reads. Those body
   values are f's parameters (the call's arguments) or become results of f (every call
   of f gets the outputs), as TensorFlow's function gradients export intermediates. */
static bool grad_call(Ctx *c, const GradOp *op, IrValue *const *dys, IrValue **dxs) {
    Inst *call = op->inst;
    Func *f = call->callee;
    Region *body = f->body;
    Builder *b = c->g->b;
    int nargs = call->ninputs;
    bool any = false;
    for (int k = 0; k < op->ninputs; k++) any |= op->wanted[k];
    if (!any) return true;
    ValueMap act = {0}, grads = {0};
    for (int k = 0; k < nargs; k++)
        if (op->wanted[k]) set_active(c, &act, body->params[k]);
    mark_active(c, body, &act);

    Func *back = func_new(c->m, arena_printf(c->a, "%s_grad", f->py_name), FUNC_TRACED, f->loc);
    back->signature = arena_printf(c->a, "(the gradient of @%s)", f->name);
    Region *saved = b->region;
    b->region = back->body;
    /* Its first parameters: the gradients of the call's outputs that reach f. */
    IrValue **args = ARENA_ARRAY(c->a, IrValue *, op->noutputs + 1);
    int nin = 0;
    bool ok = true;
    for (int i = 0; i < op->noutputs && i < body->nresults && ok; i++) {
        if (!dys[i] || !is_active(&act, body->results[i])) continue;
        IrValue *dy = region_add_param(c->m, back->body, dys[i]->type, "dy");
        args[nin++] = dys[i];
        accumulate(c, &grads, body->results[i], dy, &ok);
    }
    ok = ok && backprop_region(c, body, &act, &grads);
    IrValue **results = ARENA_ARRAY(c->a, IrValue *, op->ninputs + 1);
    int nres = 0;
    for (int k = 0; k < op->ninputs && ok; k++) {
        if (!op->wanted[k]) continue;
        IrValue *src = k < nargs ? body->params[k] : op->inputs[k];
        IrValue *d = value_map_get(&grads, src);
        ok = (results[nres++] = d ? d : zeros_like(c, src)) != NULL;
    }
    b->region = saved;
    if (!ok) return false;
    region_set_results(c->m, back->body, results, nres);

    /* The values of f's body its backward reads become its parameters. */
    ValueMap seen = {0}, subst = {0};
    IrValue **used = NULL;
    int nused = 0, cap = 0;
    collect_uses(c, back->body, body, &seen, &used, &nused, &cap);
    args = arena_grow(c->a, args, sizeof(IrValue *), (size_t)nin, (size_t)(nin + nused + 1));
    for (int u = 0; u < nused; u++) {
        IrValue *v = used[u];
        value_map_put(c->a, &subst, v, region_add_param(c->m, back->body, v->type, v->name_hint));
        int k = 0;
        while (k < nargs && body->params[k] != v) k++;
        if (k < nargs) {
            args[nin++] = call->inputs[k];
            continue;
        }
        int r = 0;
        while (r < body->nresults && body->results[r] != v) r++;
        if (r == body->nresults) r = func_add_result(c->m, f, v);
        call_sync_outputs(c->m, call); /* it may be in a region still being built */
        args[nin++] = call->outputs[r];
    }
    replace_uses(back->body, &subst);

    Inst *grad = build_inst(b, OP_CALL, args, nin, NULL, back, c->g->loc);
    if (!grad) return false;
    for (int k = 0, n = 0; k < op->ninputs; k++)
        if (op->wanted[k]) dxs[k] = grad->outputs[n++];
    return true;
}

/* ---- entry ---------------------------------------------------------------------- */

bool grad_control(G *g, const GradOp *op, IrValue *const *dys, IrValue **dxs) {
    IG_ASSERT(op->inst && op->wanted &&
              (op->op == OP_COND || op->op == OP_WHILE || op->op == OP_CALL));
    Ctx c = {g, g->b->module, g->b->module->arena, {0}};
    /* The variable reads among the wanted sources: nested instructions' own sources
       are found again from these. */
    for (int k = 0; k < op->ninputs; k++) {
        IrValue *x = op->inputs[k];
        if (op->wanted[k] && x->def && x->def->op == OP_READ_VAR)
            value_map_put(c.a, &c.wanted_reads, x, x);
    }
    switch (op->op) {
    case OP_COND: return grad_cond(&c, op, dys, dxs);
    case OP_WHILE: return grad_while(&c, op, dys, dxs);
    default: return grad_call(&c, op, dys, dxs);
    }
}
