/* grad_internal.h — what the rule files share: the builder context and small op
 * helpers. Every helper returns NULL when an input is NULL (an error already
 * reported), so a rule reads as a formula. Not for other modules. */
#ifndef INGOT_GRAD_INTERNAL_H
#define INGOT_GRAD_INTERNAL_H

#include "grad.h"

typedef struct G {
    Builder *b;
    SrcLoc loc;
} G;

/* A rule: dy is output 0's gradient (never NULL); fills dx[i] per input. */
typedef bool GradRule(G *g, const GradOp *op, IrValue *dy, IrValue **dx);

#define GRAD(code, rule) GradRule grad_##rule;
#define NO_GRAD(code)
#define MISSING(code)
#define CONTROL(code)
#include "grads.def"
#undef GRAD
#undef NO_GRAD
#undef MISSING
#undef CONTROL

/* The backward of a cond, while or call (grad_control.c): all of dys, and op->wanted. */
bool grad_control(G *g, const GradOp *op, IrValue *const *dys, IrValue **dxs);

IrValue *g_op(G *g, Opcode op, IrValue **in, int n, const Attrs *attrs);
IrValue *g_un(G *g, Opcode op, IrValue *x);
IrValue *g_bin(G *g, Opcode op, IrValue *x, IrValue *y);
/* A scalar constant of dtype. */
IrValue *g_scalar(G *g, DType dt, double x);
/* tf.shape(x). */
IrValue *g_shape(G *g, IrValue *x);
/* dy, summed back to x's shape where x was broadcast (itself when the shapes match). */
IrValue *g_sum_to(G *g, IrValue *dy, const IrValue *x);
/* dz, the gradient of a binary elementwise op's result, summed back to its operand x's
 * shape (the other operand is `other`): dz itself when broadcasting other onto x
 * provably keeps x's shape, even with unknown dims (a bias added to a batch of unknown
 * size), so no run-time sum_to, and no shape() that keeps x's producer alive. */
IrValue *g_unbroadcast(G *g, IrValue *dz, const IrValue *x, const IrValue *other);
/* dy broadcast to x's shape. */
IrValue *g_broadcast_like(G *g, IrValue *dy, const IrValue *x);
/* select(cond, a, 0): a where cond holds, else zeros. */
IrValue *g_where(G *g, IrValue *cond, IrValue *a);
/* reduce_sum over one axis, kept as a 1. */
IrValue *g_sum_keep(G *g, IrValue *x, int64_t axis);
/* matmul with its transpose flags. */
IrValue *g_matmul(G *g, IrValue *a, IrValue *b, bool transpose_a, bool transpose_b);

bool grad_is_float(const IrValue *v);

#endif
