/* grad_math.c — the rules of the elementwise ops (grads.def). x, y are the inputs, z
 * the output, dz its gradient; each input's gradient is summed back to its own shape
 * where broadcasting widened it (TensorFlow's BroadcastGradientArgs). */
#include "grad_internal.h"

#define X (op->inputs[0])
#define Y (op->inputs[1])
#define Z (op->outputs[0])

static IrValue *num(G *g, const IrValue *like, double x) {
    return g_scalar(g, like->type.dtype, x);
}

bool grad_identity(G *g, const GradOp *op, IrValue *dz, IrValue **dx) {
    (void)g, (void)op;
    dx[0] = dz;
    return true;
}

/* A sum over the replicas: every replica's input reaches every replica's output, so
 * its gradient is the sum of theirs (TensorFlow's gradient of CollectiveReduce). */
bool grad_all_reduce(G *g, const GradOp *op, IrValue *dz, IrValue **dx) {
    (void)op;
    dx[0] = g_un(g, OP_ALL_REDUCE, dz);
    return true;
}

bool grad_cast(G *g, const GradOp *op, IrValue *dz, IrValue **dx) {
    /* Float to float only: no gradient reaches an integer input (grad_op drops it). */
    if (!grad_is_float(X) || !grad_is_float(Z)) return true;
    Attrs attrs = {0};
    attrs_set_dtype(g->b->module->arena, &attrs, "dtype", X->type.dtype);
    dx[0] = X->type.dtype == dz->type.dtype ? dz : g_op(g, OP_CAST, &dz, 1, &attrs);
    return true;
}

bool grad_add(G *g, const GradOp *op, IrValue *dz, IrValue **dx) {
    dx[0] = g_unbroadcast(g, dz, X, Y);
    dx[1] = g_unbroadcast(g, dz, Y, X);
    return true;
}

bool grad_sub(G *g, const GradOp *op, IrValue *dz, IrValue **dx) {
    dx[0] = g_unbroadcast(g, dz, X, Y);
    dx[1] = g_unbroadcast(g, g_un(g, OP_NEG, dz), Y, X);
    return true;
}

bool grad_mul(G *g, const GradOp *op, IrValue *dz, IrValue **dx) {
    dx[0] = g_unbroadcast(g, g_bin(g, OP_MUL, dz, Y), X, Y);
    dx[1] = g_unbroadcast(g, g_bin(g, OP_MUL, X, dz), Y, X);
    return true;
}

/* z = x / y: dx = dz / y, dy = -dz * x / y². */
bool grad_div(G *g, const GradOp *op, IrValue *dz, IrValue **dx) {
    dx[0] = g_unbroadcast(g, g_bin(g, OP_DIV, dz, Y), X, Y);
    IrValue *x_over_yy = g_bin(g, OP_DIV, g_bin(g, OP_DIV, X, Y), Y);
    dx[1] = g_unbroadcast(g, g_un(g, OP_NEG, g_bin(g, OP_MUL, dz, x_over_yy)), Y, X);
    return true;
}

/* z = x mod y (floored) = x - floor(x / y) y: dx = dz, dy = -dz floor(x / y), as
   TensorFlow's FloorMod gradient. */
bool grad_mod(G *g, const GradOp *op, IrValue *dz, IrValue **dx) {
    dx[0] = g_unbroadcast(g, dz, X, Y);
    IrValue *quotient = g_bin(g, OP_FLOORDIV, X, Y);
    dx[1] = g_unbroadcast(g, g_un(g, OP_NEG, g_bin(g, OP_MUL, dz, quotient)), Y, X);
    return true;
}

/* z = x^y: dx = dz * y * x^(y-1); dy = dz * z * log(x), 0 where x <= 0 (TensorFlow's
   choice, so a negative base with an integral exponent has a finite gradient). */
bool grad_pow(G *g, const GradOp *op, IrValue *dz, IrValue **dx) {
    IrValue *y_minus_1 = g_bin(g, OP_SUB, Y, num(g, Y, 1));
    IrValue *dpow = g_bin(g, OP_MUL, Y, g_bin(g, OP_POW, X, y_minus_1));
    dx[0] = g_unbroadcast(g, g_bin(g, OP_MUL, dz, dpow), X, Y);
    IrValue *positive = g_bin(g, OP_GREATER, X, num(g, X, 0));
    IrValue *safe_x = g_op(g, OP_SELECT, (IrValue *[]){positive, X, num(g, X, 1)}, 3, NULL);
    IrValue *log_x = g_where(g, positive, g_un(g, OP_LOG, safe_x));
    dx[1] = g_unbroadcast(g, g_bin(g, OP_MUL, dz, g_bin(g, OP_MUL, Z, log_x)), Y, X);
    return true;
}

/* The gradient goes to the input that was chosen; ties go to x, as TensorFlow's. */
static bool pick(G *g, const GradOp *op, IrValue *dz, IrValue **dx, Opcode x_wins) {
    IrValue *x_chosen = g_bin(g, x_wins, X, Y);
    dx[0] = g_unbroadcast(g, g_where(g, x_chosen, dz), X, Y);
    dx[1] = g_unbroadcast(g, g_where(g, g_un(g, OP_LOGICAL_NOT, x_chosen), dz), Y, X);
    return true;
}

bool grad_maximum(G *g, const GradOp *op, IrValue *dz, IrValue **dx) {
    return pick(g, op, dz, dx, OP_GREATER_EQUAL);
}

bool grad_minimum(G *g, const GradOp *op, IrValue *dz, IrValue **dx) {
    return pick(g, op, dz, dx, OP_LESS_EQUAL);
}

/* select(c, x, y): the condition takes none; x where c held, y elsewhere. */
bool grad_select(G *g, const GradOp *op, IrValue *dz, IrValue **dx) {
    IrValue *c = op->inputs[0], *a = op->inputs[1], *b = op->inputs[2];
    dx[1] = g_sum_to(g, g_where(g, c, dz), a);
    dx[2] = g_sum_to(g, g_where(g, g_un(g, OP_LOGICAL_NOT, c), dz), b);
    return true;
}

bool grad_neg(G *g, const GradOp *op, IrValue *dz, IrValue **dx) {
    (void)op;
    dx[0] = g_un(g, OP_NEG, dz);
    return true;
}

/* The gradient passes where the input was positive: TensorFlow's ReluGrad, one op. It
 * reads relu's output, positive exactly where the input is (NaN in neither), so the
 * input has no use besides relu and the fusion pass can make matmul + bias + relu one
 * op in a training step too (passes/fuse_bias_act.c). */
bool grad_relu(G *g, const GradOp *op, IrValue *dz, IrValue **dx) {
    dx[0] = g_bin(g, OP_RELU_GRAD, dz, Z);
    return true;
}

/* relu_grad(dy, x) is linear in dy, piecewise constant in x: x's gradient is zero. */
bool grad_relu_grad(G *g, const GradOp *op, IrValue *dz, IrValue **dx) {
    dx[0] = g_bin(g, OP_RELU_GRAD, dz, Y);
    dx[1] = grad_fill_like(g->b, Y, 0, g->loc);
    return true;
}

bool grad_abs(G *g, const GradOp *op, IrValue *dz, IrValue **dx) {
    dx[0] = g_bin(g, OP_MUL, dz, g_un(g, OP_SIGN, X));
    return true;
}

bool grad_square(G *g, const GradOp *op, IrValue *dz, IrValue **dx) {
    dx[0] = g_bin(g, OP_MUL, dz, g_bin(g, OP_MUL, num(g, X, 2), X));
    return true;
}

/* z = √x: dx = dz / (2z). */
bool grad_sqrt(G *g, const GradOp *op, IrValue *dz, IrValue **dx) {
    dx[0] = g_bin(g, OP_DIV, g_bin(g, OP_MUL, dz, num(g, Z, 0.5)), Z);
    return true;
}

/* z = 1/√x: dx = -dz z³ / 2. */
bool grad_rsqrt(G *g, const GradOp *op, IrValue *dz, IrValue **dx) {
    IrValue *z3 = g_bin(g, OP_MUL, g_un(g, OP_SQUARE, Z), Z);
    dx[0] = g_bin(g, OP_MUL, dz, g_bin(g, OP_MUL, num(g, Z, -0.5), z3));
    return true;
}

bool grad_exp(G *g, const GradOp *op, IrValue *dz, IrValue **dx) {
    dx[0] = g_bin(g, OP_MUL, dz, Z);
    return true;
}

bool grad_log(G *g, const GradOp *op, IrValue *dz, IrValue **dx) {
    dx[0] = g_bin(g, OP_DIV, dz, X);
    return true;
}

bool grad_log1p(G *g, const GradOp *op, IrValue *dz, IrValue **dx) {
    dx[0] = g_bin(g, OP_DIV, dz, g_bin(g, OP_ADD, X, num(g, X, 1)));
    return true;
}

/* z = tanh x: dx = dz (1 - z²). */
bool grad_tanh(G *g, const GradOp *op, IrValue *dz, IrValue **dx) {
    IrValue *one_minus = g_bin(g, OP_SUB, num(g, Z, 1), g_un(g, OP_SQUARE, Z));
    dx[0] = g_bin(g, OP_MUL, dz, one_minus);
    return true;
}

/* z = σ(x): dx = dz z (1 - z). */
bool grad_sigmoid(G *g, const GradOp *op, IrValue *dz, IrValue **dx) {
    IrValue *one_minus = g_bin(g, OP_SUB, num(g, Z, 1), Z);
    dx[0] = g_bin(g, OP_MUL, dz, g_bin(g, OP_MUL, Z, one_minus));
    return true;
}
