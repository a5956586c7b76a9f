/* grad_nn.c — the rules of the neural-network window ops (grads.def): conv2d and the
 * poolings, each undone by its own backward op, which the runtime runs on oneDNN's
 * backward primitives (float32) with the forward's attributes. */
#include "grad_internal.h"

bool grad_conv2d(G *g, const GradOp *op, IrValue *dy, IrValue **dx) {
    IrValue *in[3] = {op->inputs[0], op->inputs[1], dy};
    dx[0] = g_op(g, OP_CONV2D_INPUT_GRAD, in, 3, op->attrs);
    dx[1] = g_op(g, OP_CONV2D_FILTER_GRAD, in, 3, op->attrs);
    return dx[0] && dx[1];
}

bool grad_max_pool2d(G *g, const GradOp *op, IrValue *dy, IrValue **dx) {
    IrValue *in[2] = {op->inputs[0], dy};
    return (dx[0] = g_op(g, OP_MAX_POOL2D_GRAD, in, 2, op->attrs)) != NULL;
}

bool grad_avg_pool2d(G *g, const GradOp *op, IrValue *dy, IrValue **dx) {
    IrValue *in[2] = {op->inputs[0], dy};
    return (dx[0] = g_op(g, OP_AVG_POOL2D_GRAD, in, 2, op->attrs)) != NULL;
}
