/* grad.c — the dispatch over grads.def and the helpers the rules build with. */
#include <string.h>

#include "grad_internal.h"

static const GradKind kinds[OP__COUNT] = {
#define GRAD(code, rule) [OP_##code] = GRAD_RULE,
#define NO_GRAD(code) [OP_##code] = GRAD_NONE,
#define MISSING(code) [OP_##code] = GRAD_MISSING,
#define CONTROL(code) [OP_##code] = GRAD_RULE,
#include "grads.def"
#undef GRAD
#undef NO_GRAD
#undef MISSING
#undef CONTROL
};

static GradRule *const rules[OP__COUNT] = {
#define GRAD(code, rule) [OP_##code] = grad_##rule,
#define NO_GRAD(code)
#define MISSING(code)
#define CONTROL(code)
#include "grads.def"
#undef GRAD
#undef NO_GRAD
#undef MISSING
#undef CONTROL
};

GradKind grad_kind(Opcode op) {
    IG_ASSERT(op >= 0 && op < OP__COUNT);
    return kinds[op];
}

bool grad_is_float(const IrValue *v) { return dtype_is_float(v->type.dtype); }

bool grad_op(Builder *b, const GradOp *op, IrValue *const *dys, IrValue **dxs, SrcLoc loc) {
    IG_ASSERT(grad_kind(op->op) == GRAD_RULE);
    for (int i = 0; i < op->ninputs; i++) dxs[i] = NULL;
    G g = {b, loc};
    if (!rules[op->op]) return grad_control(&g, op, dys, dxs);
    IG_ASSERT(op->noutputs == 1);
    if (!dys[0]) return true;
    if (!rules[op->op](&g, op, dys[0], dxs)) return false;
    /* Only float inputs take a gradient; a rule leaves NULL for a float one only when
       building its ops failed (the builder has reported why). */
    bool ok = true;
    for (int i = 0; i < op->ninputs; i++) {
        if (!grad_is_float(op->inputs[i]))
            dxs[i] = NULL;
        else if (!dxs[i])
            ok = false;
    }
    return ok;
}

/* ---- helpers ---------------------------------------------------------------------- */

IrValue *g_op(G *g, Opcode op, IrValue **in, int n, const Attrs *attrs) {
    for (int i = 0; i < n; i++)
        if (!in[i]) return NULL;
    return build_op(g->b, op, in, n, attrs, g->loc);
}

IrValue *g_un(G *g, Opcode op, IrValue *x) { return g_op(g, op, &x, 1, NULL); }

IrValue *g_bin(G *g, Opcode op, IrValue *x, IrValue *y) {
    IrValue *in[2] = {x, y};
    return g_op(g, op, in, 2, NULL);
}

IrValue *g_scalar(G *g, DType dt, double x) {
    Arena *a = g->b->module->arena;
    ConstData *c = ARENA_NEW(a, ConstData);
    c->dtype = dt;
    c->shape = shape_scalar();
    void *p = arena_alloc(a, dtype_size(dt));
    if (dt == DT_FLOAT32)
        *(float *)p = (float)x;
    else if (dt == DT_FLOAT64)
        *(double *)p = x;
    else if (dt == DT_INT32)
        *(int32_t *)p = (int32_t)x;
    else if (dt == DT_INT64)
        *(int64_t *)p = (int64_t)x;
    else
        *(unsigned char *)p = x != 0;
    c->data = p;
    return build_const(g->b, c, g->loc);
}

IrValue *g_shape(G *g, IrValue *x) { return g_un(g, OP_SHAPE, x); }

IrValue *g_sum_to(G *g, IrValue *dy, const IrValue *x) {
    if (!dy) return NULL;
    const Shape *s = &x->type.shape;
    if (shape_is_static(s) && shape_equal(&dy->type.shape, s)) return dy;
    return g_bin(g, OP_SUM_TO, dy, g_shape(g, (IrValue *)x));
}

/* Whether broadcasting a value of shape `other` onto one of shape x gives x's shape,
 * whatever x's unknown dims turn out to be at run time: other has no more dims than x,
 * and each of its dims is 1, or faces a known dim of x other than 1 (which an equal or
 * unknown dim of other can only keep, or fail on). A bias [16] onto a batch [?,8,8,16]
 * keeps it; [16] onto [?,16] or [?] onto [5] may not. */
static bool broadcast_keeps(const Shape *x, const Shape *other) {
    if (other->rank > x->rank) return false;
    for (int i = 1; i <= other->rank; i++) {
        int64_t od = other->dims[other->rank - i], xd = x->dims[x->rank - i];
        if (od == 1) continue;
        if (xd != DIM_UNKNOWN && xd != 1 && (od == DIM_UNKNOWN || od == xd)) continue;
        return false;
    }
    return true;
}

IrValue *g_unbroadcast(G *g, IrValue *dz, const IrValue *x, const IrValue *other) {
    if (!dz) return NULL;
    if (shape_equal(&dz->type.shape, &x->type.shape) &&
        broadcast_keeps(&x->type.shape, &other->type.shape))
        return dz;
    return g_sum_to(g, dz, x);
}

IrValue *g_broadcast_like(G *g, IrValue *dy, const IrValue *x) {
    if (!dy) return NULL;
    const Shape *s = &x->type.shape;
    if (shape_is_static(s) && shape_equal(&dy->type.shape, s)) return dy;
    return g_bin(g, OP_BROADCAST_TO, dy, g_shape(g, (IrValue *)x));
}

IrValue *g_where(G *g, IrValue *cond, IrValue *a) {
    IrValue *in[3] = {cond, a, a ? g_scalar(g, a->type.dtype, 0) : NULL};
    return g_op(g, OP_SELECT, in, 3, NULL);
}

IrValue *g_sum_keep(G *g, IrValue *x, int64_t axis) {
    Attrs attrs = {0};
    Arena *a = g->b->module->arena;
    attrs_set_ints(a, &attrs, "axis", &axis, 1);
    attrs_set_bool(a, &attrs, "keepdims", true);
    return g_op(g, OP_REDUCE_SUM, &x, 1, &attrs);
}

IrValue *g_matmul(G *g, IrValue *x, IrValue *y, bool transpose_a, bool transpose_b) {
    Attrs attrs = {0};
    Arena *a = g->b->module->arena;
    attrs_set_bool(a, &attrs, "transpose_a", transpose_a);
    attrs_set_bool(a, &attrs, "transpose_b", transpose_b);
    IrValue *in[2] = {x, y};
    return g_op(g, OP_MATMUL, in, 2, &attrs);
}

/* ---- the seed and the sum of a backward pass ------------------------------------------ */

IrValue *grad_fill(Builder *b, TensorType type, double value, SrcLoc loc) {
    IG_ASSERT(shape_is_static(&type.shape));
    Attrs attrs = {0};
    Arena *a = b->module->arena;
    attrs_set_dtype(a, &attrs, "dtype", type.dtype);
    attrs_set_shape(a, &attrs, "shape", type.shape);
    attrs_set_float(a, &attrs, "value", value);
    return build_op(b, OP_FILL, NULL, 0, &attrs, loc);
}

IrValue *grad_fill_like(Builder *b, const IrValue *x, double value, SrcLoc loc) {
    if (shape_is_static(&x->type.shape)) return grad_fill(b, x->type, value, loc);
    G g = {b, loc};
    return g_broadcast_like(&g, g_scalar(&g, x->type.dtype, value), x);
}

IrValue *grad_accumulate(Builder *b, IrValue *a, IrValue *c, SrcLoc loc) {
    if (!a) return c;
    if (!c) return a;
    G g = {b, loc};
    return g_bin(&g, OP_ADD, a, c);
}
