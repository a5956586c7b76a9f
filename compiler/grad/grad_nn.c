/* grad_nn.c — the rules of the neural-network ops (grads.def): conv2d and the
 * poolings, each undone by its own backward op, which the runtime runs on oneDNN's
 * backward primitives (float32) with the forward's attributes; batch normalization
 * by its formula; the fused cross-entropies with logits. */
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

/* batch_norm(x, mean, variance, offset, scale) = (x - mean) * rsqrt(variance + eps) *
 * scale + offset, the per-channel vectors broadcast over x's last dim: TensorFlow's
 * batch_normalization is this formula, so its gradient is the formula's, with respect
 * to each of the five (the statistics too: in training they come from tf.nn.moments of
 * x, and the gradient flows on through them). */
bool grad_batch_norm(G *g, const GradOp *op, IrValue *dy, IrValue **dx) {
    IrValue *x = op->inputs[0], *mean = op->inputs[1], *var = op->inputs[2];
    IrValue *offset = op->inputs[3], *scale = op->inputs[4];
    const Attr *eps = attrs_get(op->attrs, "epsilon");
    double epsilon = !eps ? 0.0 : eps->kind == ATTR_FLOAT ? eps->f : (double)eps->i;
    DType dt = x->type.dtype;
    IrValue *inv = g_un(g, OP_RSQRT, g_bin(g, OP_ADD, var, g_scalar(g, dt, epsilon)));
    IrValue *centered = g_bin(g, OP_SUB, x, mean);
    IrValue *dy_scaled = g_bin(g, OP_MUL, dy, scale);
    dx[0] = g_bin(g, OP_MUL, dy_scaled, inv);
    dx[1] = g_un(g, OP_NEG, g_sum_to(g, dx[0], mean));
    /* d rsqrt(v + eps) / dv = -0.5 * inv^3 */
    IrValue *inv3 = g_bin(g, OP_MUL, inv, g_bin(g, OP_MUL, inv, inv));
    dx[2] = g_bin(g, OP_MUL, g_sum_to(g, g_bin(g, OP_MUL, dy_scaled, centered), var),
                  g_bin(g, OP_MUL, inv3, g_scalar(g, dt, -0.5)));
    dx[3] = g_sum_to(g, dy, offset);
    dx[4] = g_sum_to(g, g_bin(g, OP_MUL, g_bin(g, OP_MUL, dy, centered), inv), scale);
    for (int i = 0; i < 5; i++)
        if (!dx[i]) return false;
    return true;
}

/* z = softmax_xent(logits, labels) over the last axis, z = sum(labels * (lse - logits)):
   TensorFlow's SoftmaxCrossEntropyWithLogits gradient, dlogits = (softmax(logits) -
   labels) dz and dlabels = -log_softmax(logits) dz, each dz broadcast along the
   classes. (The first is the derivative only for labels that sum to 1, as TensorFlow
   assumes; its kernel computes that backprop.) */
bool grad_softmax_xent(G *g, const GradOp *op, IrValue *dz, IrValue **dx) {
    IrValue *logits = op->inputs[0], *labels = op->inputs[1];
    int64_t last = logits->type.shape.rank - 1;
    Attrs axis = {0};
    attrs_set_int(g->b->module->arena, &axis, "axis", last);
    IrValue *dz_row = g_op(g, OP_EXPAND_DIMS, &dz, 1, &axis);
    IrValue *softmax = g_op(g, OP_SOFTMAX, &logits, 1, &axis);
    dx[0] = g_bin(g, OP_MUL, g_bin(g, OP_SUB, softmax, labels), dz_row);
    IrValue *log_softmax = g_op(g, OP_LOG_SOFTMAX, &logits, 1, &axis);
    dx[1] = g_bin(g, OP_MUL, g_un(g, OP_NEG, log_softmax), dz_row);
    return dx[0] && dx[1];
}

/* z = max(x, 0) - x * labels + log1p(exp(-|x|)): dx = (sigmoid(x) - labels) dz,
   dlabels = -x dz. */
bool grad_sigmoid_xent(G *g, const GradOp *op, IrValue *dz, IrValue **dx) {
    IrValue *x = op->inputs[0], *labels = op->inputs[1];
    dx[0] = g_bin(g, OP_MUL, g_bin(g, OP_SUB, g_un(g, OP_SIGMOID, x), labels), dz);
    dx[1] = g_bin(g, OP_MUL, g_un(g, OP_NEG, x), dz);
    return dx[0] && dx[1];
}

/* dx = conv2d_input_grad(x, f, dy) is linear in f and in dy (x gives only its shape):
   TensorFlow's Conv2DBackpropInput gradient, a gradient of a gradient through conv2d. */
bool grad_conv2d_input_grad(G *g, const GradOp *op, IrValue *ddx, IrValue **dx) {
    IrValue *x = op->inputs[0], *f = op->inputs[1], *dy = op->inputs[2];
    IrValue *filter_in[3] = {ddx, f, dy};
    dx[1] = g_op(g, OP_CONV2D_FILTER_GRAD, filter_in, 3, op->attrs);
    IrValue *conv_in[2] = {ddx, f};
    dx[2] = g_op(g, OP_CONV2D, conv_in, 2, op->attrs);
    dx[0] = grad_fill_like(g->b, x, 0, g->loc); /* x's values take no part */
    return dx[0] && dx[1] && dx[2];
}

/* df = conv2d_filter_grad(x, f, dy) is linear in x and in dy (f gives its shape). */
bool grad_conv2d_filter_grad(G *g, const GradOp *op, IrValue *ddf, IrValue **dx) {
    IrValue *x = op->inputs[0], *f = op->inputs[1], *dy = op->inputs[2];
    IrValue *input_in[3] = {x, ddf, dy};
    dx[0] = g_op(g, OP_CONV2D_INPUT_GRAD, input_in, 3, op->attrs);
    dx[1] = grad_fill_like(g->b, f, 0, g->loc); /* f's values take no part */
    IrValue *conv_in[2] = {x, ddf};
    dx[2] = g_op(g, OP_CONV2D, conv_in, 2, op->attrs);
    return dx[0] && dx[1] && dx[2];
}

/* avg_pool2d_grad(x, dy) is linear in dy: its adjoint is the average pooling itself. */
bool grad_avg_pool2d_grad(G *g, const GradOp *op, IrValue *ddx, IrValue **dx) {
    dx[0] = grad_fill_like(g->b, op->inputs[0], 0, g->loc); /* x gives only its shape */
    dx[1] = g_op(g, OP_AVG_POOL2D, &ddx, 1, op->attrs);
    return dx[0] && dx[1];
}

/* max_pool2d_grad(x, dy) routes dy to each window's winner: linear in dy, whose
   gradient reads ddx back at the winners (MaxPoolGradGrad); x only picks them. */
bool grad_max_pool2d_grad(G *g, const GradOp *op, IrValue *ddx, IrValue **dx) {
    IrValue *x = op->inputs[0];
    dx[0] = grad_fill_like(g->b, x, 0, g->loc);
    IrValue *in[2] = {x, ddx};
    dx[1] = g_op(g, OP_MAX_POOL2D_GRAD_GRAD, in, 2, op->attrs);
    return dx[0] && dx[1];
}

/* max_pool2d_grad_grad(x, ddx) reads ddx at the winners: its adjoint routes back. */
bool grad_max_pool2d_grad_grad(G *g, const GradOp *op, IrValue *dz, IrValue **dx) {
    IrValue *x = op->inputs[0];
    dx[0] = grad_fill_like(g->b, x, 0, g->loc);
    IrValue *in[2] = {x, dz};
    dx[1] = g_op(g, OP_MAX_POOL2D_GRAD, in, 2, op->attrs);
    return dx[0] && dx[1];
}
