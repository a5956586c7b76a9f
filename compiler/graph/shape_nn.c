/* shape_nn.c — shape inference for the neural-network ops: conv2d and the pools (NHWC,
 * TensorFlow's SAME/VALID output sizes), softmax/log_softmax, batch_norm and the sparse
 * softmax cross-entropy. Memory owner: none. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "ingot/size.h"

#include "kernel_call.h"
#include "shape_rules.h"

static bool check_float(Opcode op, const IrValue *v, const char *what, ShapeError *err) {
    if (dtype_is_float(v->type.dtype)) return true;
    return shape_fail(err, op, "%s must be float32 or float64, got %s", what,
                      dtype_name(v->type.dtype));
}

/* A two-int attribute of positive entries (strides, dilations, ksize) into out. They are
   int32 attributes in TensorFlow, and ints in the runtime's kernels: a larger entry is
   an error, not a value cut to 32 bits. */
static bool pair_attr(Opcode op, const Attrs *attrs, const char *key, int64_t *out,
                      ShapeError *err) {
    const Attr *a = attrs_get(attrs, key);
    out[0] = out[1] = 1;
    if (!a) return true;
    if (a->kind != ATTR_INTS || a->ints.len != 2)
        return shape_fail(err, op, "'%s' must hold two ints (height, width)", key);
    for (int i = 0; i < 2; i++) {
        if (a->ints.items[i] < 1) return shape_fail(err, op, "'%s' must be positive", key);
        if (a->ints.items[i] > INT32_MAX)
            return shape_fail(err, op, "'%s' entry %" PRId64 " is out of range for an int32", key,
                              a->ints.items[i]);
        out[i] = a->ints.items[i];
    }
    return true;
}

static bool padding_attr(Opcode op, const Attrs *attrs, bool *same, ShapeError *err) {
    const Attr *a = attrs_get(attrs, "padding");
    if (!a || a->kind != ATTR_STRING || (strcmp(a->s, "SAME") != 0 && strcmp(a->s, "VALID") != 0))
        return shape_fail(err, op, "padding must be \"SAME\" or \"VALID\"");
    *same = strcmp(a->s, "SAME") == 0;
    return true;
}

/* One spatial output size: SAME ceil(in / stride); VALID ceil((in - span + 1) / stride)
   with span the window's dilated extent. */
static bool output_size(Opcode op, int64_t in, int64_t window, int64_t stride, int64_t dilation,
                        bool same, int64_t *out, ShapeError *err) {
    if (in == DIM_UNKNOWN || window == DIM_UNKNOWN) {
        *out = DIM_UNKNOWN;
        return true;
    }
    if (same) {
        *out = in / stride + (in % stride != 0);
        return true;
    }
    int64_t span = -dilation; /* (window - 1) * dilation for an empty filter dim */
    if (window >= 1 && (!ig_size_mul(window - 1, dilation, &span) || span == INT64_MAX))
        return shape_fail(err, op,
                          "the dilated window (%" PRId64 " - 1) * %" PRId64 " + 1 is more than an "
                          "int64 holds",
                          window, dilation);
    span++;
    if (in < span)
        return shape_fail(err, op,
                          "Computed output size would be negative: the input size %" PRId64
                          " is smaller than the window %" PRId64 " (VALID padding)",
                          in, span);
    *out = (in - span) / stride + 1;
    return true;
}

/* tf.nn.conv2d: x [n, h, w, c], filter [kh, kw, c, o]. */
bool shape_conv2d(Opcode op, IrValue **in, int nin, const Attrs *attrs, const Func *callee,
                  TensorType *out, int *nout, ShapeError *err) {
    (void)nin, (void)callee;
    const Shape *x = &in[0]->type.shape, *f = &in[1]->type.shape;
    char bx[SHAPE_BUF], bf[SHAPE_BUF];
    if (!check_float(op, in[0], "the input", err) || !same_dtype(op, in, err)) return false;
    if (x->rank != 4 || f->rank != 4)
        return shape_fail(err, op, "input %s must be NHWC and filter %s HWIO, both rank 4",
                          shape_str(x, bx, sizeof bx), shape_str(f, bf, sizeof bf));
    if (x->dims[3] != DIM_UNKNOWN && f->dims[2] != DIM_UNKNOWN && x->dims[3] != f->dims[2])
        return shape_fail(err, op, "input depth must equal filter depth: input %s, filter %s",
                          shape_str(x, bx, sizeof bx), shape_str(f, bf, sizeof bf));
    int64_t strides[2], dilations[2];
    bool same = false; /* set by the call below when it succeeds */
    if (!pair_attr(op, attrs, "strides", strides, err) ||
        !pair_attr(op, attrs, "dilations", dilations, err) || !padding_attr(op, attrs, &same, err))
        return false;
    int64_t dims[4] = {x->dims[0], 0, 0, f->dims[3]};
    for (int i = 0; i < 2; i++)
        if (!output_size(op, x->dims[1 + i], f->dims[i], strides[i], dilations[i], same,
                         &dims[1 + i], err))
            return false;
    out[0] = tensor_type(in[0]->type.dtype, shape_of(4, dims));
    *nout = 1;
    return true;
}

/* max_pool2d / avg_pool2d: x [n, h, w, c], "ksize" the window. */
bool shape_pool2d(Opcode op, IrValue **in, int nin, const Attrs *attrs, const Func *callee,
                  TensorType *out, int *nout, ShapeError *err) {
    (void)nin, (void)callee;
    const Shape *x = &in[0]->type.shape;
    char bx[SHAPE_BUF];
    if (!check_float(op, in[0], "the input", err)) return false;
    if (x->rank != 4)
        return shape_fail(err, op, "input %s must be NHWC, rank 4", shape_str(x, bx, sizeof bx));
    int64_t ksize[2], strides[2];
    bool same = false; /* set by the call below when it succeeds */
    if (!pair_attr(op, attrs, "ksize", ksize, err) ||
        !pair_attr(op, attrs, "strides", strides, err) || !padding_attr(op, attrs, &same, err))
        return false;
    int64_t dims[4] = {x->dims[0], 0, 0, x->dims[3]};
    for (int i = 0; i < 2; i++)
        if (!output_size(op, x->dims[1 + i], ksize[i], strides[i], 1, same, &dims[1 + i], err))
            return false;
    out[0] = tensor_type(in[0]->type.dtype, shape_of(4, dims));
    *nout = 1;
    return true;
}

/* dy must be what the forward op (conv2d of x and filter, or a pooling of x) gives:
   its dtype and rank, and its dims where both are known. */
static bool check_dy(Opcode op, const TensorType *y, const IrValue *dy, ShapeError *err) {
    char by[SHAPE_BUF], bd[SHAPE_BUF];
    bool fits = dy->type.dtype == y->dtype && dy->type.shape.rank == y->shape.rank;
    for (int i = 0; fits && i < y->shape.rank; i++) {
        int64_t want = y->shape.dims[i], have = dy->type.shape.dims[i];
        fits = want == DIM_UNKNOWN || have == DIM_UNKNOWN || want == have;
    }
    if (!fits)
        return shape_fail(err, op, "the gradient %s %s does not match the forward output %s %s",
                          dtype_name(dy->type.dtype), shape_str(&dy->type.shape, bd, sizeof bd),
                          dtype_name(y->dtype), shape_str(&y->shape, by, sizeof by));
    return true;
}

/* conv2d_input_grad / conv2d_filter_grad (x, filter, dy): x's or filter's type. */
bool shape_conv2d_grad(Opcode op, IrValue **in, int nin, const Attrs *attrs, const Func *callee,
                       TensorType *out, int *nout, ShapeError *err) {
    TensorType y;
    if (!shape_conv2d(op, in, 2, attrs, callee, &y, nout, err) || !check_dy(op, &y, in[2], err))
        return false;
    (void)nin;
    out[0] = in[op == OP_CONV2D_INPUT_GRAD ? 0 : 1]->type;
    *nout = 1;
    return true;
}

/* max_pool2d_grad / avg_pool2d_grad (x, dy): x's type. */
bool shape_pool2d_grad(Opcode op, IrValue **in, int nin, const Attrs *attrs, const Func *callee,
                       TensorType *out, int *nout, ShapeError *err) {
    TensorType y;
    if (!shape_pool2d(op, in, 1, attrs, callee, &y, nout, err) || !check_dy(op, &y, in[1], err))
        return false;
    (void)nin;
    out[0] = in[0]->type;
    *nout = 1;
    return true;
}

/* max_pool2d_grad_grad (x, ddx): ddx has x's type; the result the pooled one. */
bool shape_pool2d_grad_grad(Opcode op, IrValue **in, int nin, const Attrs *attrs,
                            const Func *callee, TensorType *out, int *nout, ShapeError *err) {
    if (!shape_pool2d(op, in, 1, attrs, callee, out, nout, err) ||
        !check_dy(op, &in[0]->type, in[1], err))
        return false;
    (void)nin;
    return true;
}

/* softmax / log_softmax along "axis" (normalised). */
bool shape_softmax(Opcode op, IrValue **in, int nin, const Attrs *attrs, const Func *callee,
                   TensorType *out, int *nout, ShapeError *err) {
    (void)nin, (void)callee;
    if (!check_float(op, in[0], "logits", err)) return false;
    int64_t axis = attr_int_or(attrs, "axis", 0);
    int rank = in[0]->type.shape.rank;
    if (rank == 0) return shape_fail(err, op, "logits must have rank 1 or more, got a scalar");
    if (axis < 0 || axis >= rank)
        return shape_fail(err, op, "axis %" PRId64 " is out of range for a tensor of rank %d", axis,
                          rank);
    out[0] = in[0]->type;
    *nout = 1;
    return true;
}

/* batch_norm(x, mean, variance, offset, scale): the four are [c], c = x's last dim. */
bool shape_batch_norm(Opcode op, IrValue **in, int nin, const Attrs *attrs, const Func *callee,
                      TensorType *out, int *nout, ShapeError *err) {
    (void)nin, (void)attrs, (void)callee;
    static const char *const names[] = {"x", "mean", "variance", "offset", "scale"};
    const Shape *x = &in[0]->type.shape;
    if (!check_float(op, in[0], "x", err)) return false;
    if (x->rank == 0) return shape_fail(err, op, "x must have rank 1 or more");
    int64_t c = x->dims[x->rank - 1];
    char b[SHAPE_BUF];
    for (int i = 1; i < 5; i++) {
        const Shape *s = &in[i]->type.shape;
        if (in[i]->type.dtype != in[0]->type.dtype)
            return shape_fail(err, op, "%s is %s, x is %s", names[i], dtype_name(in[i]->type.dtype),
                              dtype_name(in[0]->type.dtype));
        if (s->rank != 1 || (c != DIM_UNKNOWN && s->dims[0] != DIM_UNKNOWN && s->dims[0] != c))
            return shape_fail(err, op,
                              "%s has shape %s; it must be [%" PRId64 "], one entry per channel",
                              names[i], shape_str(s, b, sizeof b), c);
    }
    out[0] = in[0]->type;
    *nout = 1;
    return true;
}

/* sparse_softmax_xent(logits [..., c], labels [...]) -> loss [...]. */
bool shape_sparse_xent(Opcode op, IrValue **in, int nin, const Attrs *attrs, const Func *callee,
                       TensorType *out, int *nout, ShapeError *err) {
    (void)nin, (void)attrs, (void)callee;
    const Shape *l = &in[0]->type.shape, *y = &in[1]->type.shape;
    char bl[SHAPE_BUF], by[SHAPE_BUF];
    if (!check_float(op, in[0], "logits", err)) return false;
    if (!dtype_is_integer(in[1]->type.dtype))
        return shape_fail(err, op, "labels must be int32 or int64, got %s",
                          dtype_name(in[1]->type.dtype));
    bool ok = l->rank >= 1 && y->rank == l->rank - 1;
    for (int i = 0; ok && i < y->rank; i++)
        ok = y->dims[i] == DIM_UNKNOWN || l->dims[i] == DIM_UNKNOWN || y->dims[i] == l->dims[i];
    if (!ok)
        return shape_fail(
            err, op,
            "labels of shape %s do not fit logits of shape %s: labels must have the logits' shape "
            "without the last dim",
            shape_str(y, by, sizeof by), shape_str(l, bl, sizeof bl));
    Shape s = shape_of(y->rank, l->dims);
    out[0] = tensor_type(in[0]->type.dtype, s);
    *nout = 1;
    return true;
}

/* logits and labels of one float dtype and one shape (known dims equal). */
static bool xent_operands(Opcode op, IrValue **in, Shape *joined, ShapeError *err) {
    const Shape *l = &in[0]->type.shape, *y = &in[1]->type.shape;
    char bl[SHAPE_BUF], by[SHAPE_BUF];
    if (!check_float(op, in[0], "logits", err) || !same_dtype(op, in, err)) return false;
    bool ok = l->rank == y->rank;
    for (int i = 0; ok && i < l->rank; i++)
        ok = l->dims[i] == DIM_UNKNOWN || y->dims[i] == DIM_UNKNOWN || l->dims[i] == y->dims[i];
    if (!ok)
        return shape_fail(err, op, "logits and labels must have the same shape, got %s and %s",
                          shape_str(l, bl, sizeof bl), shape_str(y, by, sizeof by));
    *joined = *l;
    for (int i = 0; i < l->rank; i++)
        if (joined->dims[i] == DIM_UNKNOWN) joined->dims[i] = y->dims[i];
    return true;
}

/* softmax_xent(logits [..., c], labels [..., c]) -> loss [...]. */
bool shape_softmax_xent(Opcode op, IrValue **in, int nin, const Attrs *attrs, const Func *callee,
                        TensorType *out, int *nout, ShapeError *err) {
    (void)nin, (void)attrs, (void)callee;
    Shape s;
    if (!xent_operands(op, in, &s, err)) return false;
    if (s.rank < 1) return shape_fail(err, op, "logits must have rank 1 or more");
    out[0] = tensor_type(in[0]->type.dtype, shape_of(s.rank - 1, s.dims));
    *nout = 1;
    return true;
}

/* sigmoid_xent(logits, labels) -> loss of the same shape. */
bool shape_sigmoid_xent(Opcode op, IrValue **in, int nin, const Attrs *attrs, const Func *callee,
                        TensorType *out, int *nout, ShapeError *err) {
    (void)nin, (void)attrs, (void)callee;
    Shape s;
    if (!xent_operands(op, in, &s, err)) return false;
    out[0] = tensor_type(in[0]->type.dtype, s);
    *nout = 1;
    return true;
}

/* matmul_bias / conv2d_bias (a, b, bias), made by the fusion pass: the product's type,
   the bias one value of its dtype per last dim (a column, an output channel). */
bool shape_bias_act(Opcode op, IrValue **in, int nin, const Attrs *attrs, const Func *callee,
                    TensorType *out, int *nout, ShapeError *err) {
    (void)nin;
    bool ok = op == OP_MATMUL_BIAS ? shape_matmul(op, in, 2, attrs, callee, out, nout, err)
                                   : shape_conv2d(op, in, 2, attrs, callee, out, nout, err);
    if (!ok) return false;
    const Attr *act = attrs_get(attrs, "activation");
    bool known = !act;
    for (int i = 0; act && act->kind == ATTR_STRING && i < ACTIVATIONS; i++)
        known |= strcmp(act->s, activation_names[i]) == 0;
    if (!known)
        return shape_fail(err, op, "activation must be one of none, relu, sigmoid, tanh");
    const TensorType *b = &in[2]->type;
    int64_t last = out[0].shape.dims[out[0].shape.rank - 1];
    int64_t n = b->shape.rank == 1 ? b->shape.dims[0] : DIM_UNKNOWN;
    char bb[SHAPE_BUF], by[SHAPE_BUF];
    if (b->dtype != out[0].dtype || b->shape.rank != 1 ||
        (n != DIM_UNKNOWN && last != DIM_UNKNOWN && n != last))
        return shape_fail(err, op, "the bias %s %s must be one %s per last dim of the result %s",
                          dtype_name(b->dtype), shape_str(&b->shape, bb, sizeof bb),
                          dtype_name(out[0].dtype), shape_str(&out[0].shape, by, sizeof by));
    return true;
}
