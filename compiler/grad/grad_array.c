/* grad_array.c — the rules of matmul, the reductions, the shape ops and softmax
 * (grads.def). x is the input, z the output, dz its gradient. */
#include "grad_internal.h"

#define X (op->inputs[0])
#define Z (op->outputs[0])

static bool attr_flag(const GradOp *op, const char *key) {
    const Attr *a = attrs_get(op->attrs, key);
    return a && a->i;
}

/* z = op(a) op(b), op a transpose or not: each gradient is a product of dz with the
   other operand (TensorFlow's _MatMulGrad), then summed over broadcast batch dims. */
bool grad_matmul(G *g, const GradOp *op, IrValue *dz, IrValue **dx) {
    IrValue *a = op->inputs[0], *b = op->inputs[1];
    bool ta = attr_flag(op, "transpose_a"), tb = attr_flag(op, "transpose_b");
    IrValue *da, *db;
    if (!ta && !tb) {
        da = g_matmul(g, dz, b, false, true);
        db = g_matmul(g, a, dz, true, false);
    } else if (!ta && tb) {
        da = g_matmul(g, dz, b, false, false);
        db = g_matmul(g, dz, a, true, false);
    } else if (ta && !tb) {
        da = g_matmul(g, b, dz, false, true);
        db = g_matmul(g, a, dz, false, false);
    } else {
        da = g_matmul(g, b, dz, true, true);
        db = g_matmul(g, dz, a, true, true);
    }
    /* Matrices have no batch dims to sum over: their gradients already have their
       shapes, even with an unknown batch of rows (no run-time sum_to then). */
    bool matrices = a->type.shape.rank == 2 && b->type.shape.rank == 2;
    dx[0] = matrices ? da : g_sum_to(g, da, a);
    dx[1] = matrices ? db : g_sum_to(g, db, b);
    return true;
}

/* The reduced axes of a reduction (all of them without "axis"). */
static int reduced_axes(const GradOp *op, bool *reduced) {
    int rank = X->type.shape.rank, n = 0;
    const Attr *axis = attrs_get(op->attrs, "axis");
    for (int i = 0; i < rank; i++) reduced[i] = !axis;
    for (int j = 0; axis && j < axis->ints.len; j++) reduced[axis->ints.items[j]] = true;
    for (int i = 0; i < rank; i++) n += reduced[i];
    return n;
}

/* dz with the reduced axes put back as 1s (unless keepdims kept them), then spread
   over x: every element of x contributed to its sum once. */
static IrValue *spread(G *g, const GradOp *op, IrValue *dz) {
    bool reduced[IR_MAX_RANK];
    reduced_axes(op, reduced);
    IrValue *kept = dz;
    if (!attr_flag(op, "keepdims") && dz->type.shape.rank > 0) {
        Arena *a = g->b->module->arena;
        for (int i = 0; i < X->type.shape.rank; i++) {
            if (!reduced[i]) continue;
            Attrs attrs = {0};
            attrs_set_int(a, &attrs, "axis", i);
            kept = g_op(g, OP_EXPAND_DIMS, &kept, 1, &attrs);
        }
    }
    return g_broadcast_like(g, kept, X);
}

bool grad_reduce_sum(G *g, const GradOp *op, IrValue *dz, IrValue **dx) {
    dx[0] = spread(g, op, dz);
    return true;
}

/* As the sum's, divided by how many elements each mean took: a constant when the
   reduced dims are known, else size(x) / size(z) at run time. */
bool grad_reduce_mean(G *g, const GradOp *op, IrValue *dz, IrValue **dx) {
    bool reduced[IR_MAX_RANK];
    reduced_axes(op, reduced);
    const Shape *s = &X->type.shape;
    double count = 1;
    bool known = true;
    for (int i = 0; i < s->rank; i++) {
        if (!reduced[i]) continue;
        if (s->dims[i] == DIM_UNKNOWN)
            known = false;
        else
            count *= (double)s->dims[i];
    }
    DType dt = X->type.dtype;
    IrValue *n;
    if (known) {
        n = g_scalar(g, dt, count);
    } else {
        Attrs attrs = {0};
        attrs_set_dtype(g->b->module->arena, &attrs, "dtype", dt);
        IrValue *size_x = g_op(g, OP_REDUCE_PROD, (IrValue *[]){g_shape(g, X)}, 1, NULL);
        IrValue *size_z = g_op(g, OP_REDUCE_PROD, (IrValue *[]){g_shape(g, Z)}, 1, NULL);
        IrValue *ratio = g_bin(g, OP_FLOORDIV, size_x, size_z);
        n = g_op(g, OP_CAST, &ratio, 1, &attrs);
    }
    dx[0] = g_bin(g, OP_DIV, spread(g, op, dz), n);
    return true;
}

/* reduce_prod: each element's gradient is the product of the others in its group,
   which z / x gives only where the group has no zero; so the zeros are counted
   (TensorFlow's _ProdGrad reaches the same with exclusive cumulative products): with
   none, z / x; with one, the product of the others at the zero and 0 elsewhere; with
   more, 0 everywhere. */
bool grad_reduce_prod(G *g, const GradOp *op, IrValue *dz, IrValue **dx) {
    DType dt = X->type.dtype;
    Attrs to_dtype = {0};
    attrs_set_dtype(g->b->module->arena, &to_dtype, "dtype", dt);
    IrValue *zero = g_scalar(g, dt, 0), *one = g_scalar(g, dt, 1);
    IrValue *is_zero = g_bin(g, OP_EQUAL, X, zero);
    IrValue *safe = g_op(g, OP_SELECT, (IrValue *[]){is_zero, one, X}, 3, NULL);
    IrValue *nonzero_product = g_op(g, OP_REDUCE_PROD, &safe, 1, op->attrs);
    IrValue *counted = g_op(g, OP_CAST, &is_zero, 1, &to_dtype);
    IrValue *zeros = spread(g, op, g_op(g, OP_REDUCE_SUM, &counted, 1, op->attrs));
    IrValue *product = spread(g, op, nonzero_product);
    IrValue *the_zero = g_bin(g, OP_LOGICAL_AND, g_bin(g, OP_EQUAL, zeros, one), is_zero);
    IrValue *with_one = g_op(g, OP_SELECT, (IrValue *[]){the_zero, product, zero}, 3, NULL);
    IrValue *with_none = g_bin(g, OP_DIV, product, safe);
    IrValue *none = g_bin(g, OP_EQUAL, zeros, zero);
    IrValue *others = g_op(g, OP_SELECT, (IrValue *[]){none, with_none, with_one}, 3, NULL);
    dx[0] = g_bin(g, OP_MUL, others, spread(g, op, dz));
    return true;
}

/* reduce_max / reduce_min: the gradient goes to the elements equal to the result,
   shared evenly where several are (TensorFlow's _MinOrMaxGrad). */
bool grad_reduce_extreme(G *g, const GradOp *op, IrValue *dz, IrValue **dx) {
    Attrs to_dtype = {0};
    attrs_set_dtype(g->b->module->arena, &to_dtype, "dtype", X->type.dtype);
    IrValue *hit = g_bin(g, OP_EQUAL, X, spread(g, op, Z));
    IrValue *share = g_op(g, OP_CAST, &hit, 1, &to_dtype);
    IrValue *ties = g_op(g, OP_REDUCE_SUM, &share, 1, op->attrs); /* z's shape */
    dx[0] = g_bin(g, OP_MUL, share, spread(g, op, g_bin(g, OP_DIV, dz, ties)));
    return true;
}

/* reshape, expand_dims, squeeze: the same elements, x's shape again. */
bool grad_reshape(G *g, const GradOp *op, IrValue *dz, IrValue **dx) {
    const Shape *s = &X->type.shape;
    if (shape_is_static(s) && shape_equal(&dz->type.shape, s))
        dx[0] = dz;
    else
        dx[0] = g_bin(g, OP_RESHAPE, dz, g_shape(g, X));
    return true;
}

/* transpose by perm: back by its inverse. */
bool grad_transpose(G *g, const GradOp *op, IrValue *dz, IrValue **dx) {
    const Attr *perm = attrs_get(op->attrs, "perm");
    int64_t inverse[IR_MAX_RANK];
    for (int i = 0; i < perm->ints.len; i++) inverse[perm->ints.items[i]] = i;
    Attrs attrs = {0};
    attrs_set_ints(g->b->module->arena, &attrs, "perm", inverse, perm->ints.len);
    dx[0] = g_op(g, OP_TRANSPOSE, &dz, 1, &attrs);
    return true;
}

bool grad_broadcast_to(G *g, const GradOp *op, IrValue *dz, IrValue **dx) {
    dx[0] = g_sum_to(g, dz, X);
    return true;
}

bool grad_sum_to(G *g, const GradOp *op, IrValue *dz, IrValue **dx) {
    dx[0] = g_broadcast_like(g, dz, X);
    return true;
}

/* z = softmax(x): dx = (dz - Σ dz z) z, the sum along the softmax's axis. */
bool grad_softmax(G *g, const GradOp *op, IrValue *dz, IrValue **dx) {
    int64_t axis = attrs_get(op->attrs, "axis")->i;
    IrValue *dot = g_sum_keep(g, g_bin(g, OP_MUL, dz, Z), axis);
    dx[0] = g_bin(g, OP_MUL, g_bin(g, OP_SUB, dz, dot), Z);
    return true;
}

/* z = log_softmax(x): dx = dz - Σ dz · exp(z). */
bool grad_log_softmax(G *g, const GradOp *op, IrValue *dz, IrValue **dx) {
    int64_t axis = attrs_get(op->attrs, "axis")->i;
    IrValue *total = g_sum_keep(g, dz, axis);
    dx[0] = g_bin(g, OP_SUB, dz, g_bin(g, OP_MUL, total, g_un(g, OP_EXP, Z)));
    return true;
}

/* z = sparse_softmax_xent(logits, labels), one loss per row: dlogits = (softmax(logits)
   - one_hot(labels)) dz, TensorFlow's fused backprop. The labels take none. */
bool grad_sparse_softmax_xent(G *g, const GradOp *op, IrValue *dz, IrValue **dx) {
    IrValue *logits = op->inputs[0], *labels = op->inputs[1];
    const Shape *s = &logits->type.shape;
    int64_t last = s->rank - 1, classes = s->dims[last];
    if (classes == DIM_UNKNOWN) {
        build_unsupported(g->b, g->loc,
                          "the gradient of sparse_softmax_cross_entropy_with_logits with a "
                          "number of classes known only at run time");
        return false;
    }
    Arena *a = g->b->module->arena;
    Attrs axis = {0};
    attrs_set_int(a, &axis, "axis", last);
    IrValue *softmax = g_op(g, OP_SOFTMAX, &logits, 1, &axis);
    DType it = labels->type.dtype;
    IrValue *range_in[3] = {g_scalar(g, it, 0), g_scalar(g, it, (double)classes),
                            g_scalar(g, it, 1)};
    IrValue *hit = g_bin(g, OP_EQUAL, g_op(g, OP_EXPAND_DIMS, &labels, 1, &axis),
                         g_op(g, OP_RANGE, range_in, 3, NULL));
    Attrs to_float = {0};
    attrs_set_dtype(a, &to_float, "dtype", logits->type.dtype);
    IrValue *one_hot = g_op(g, OP_CAST, &hit, 1, &to_float);
    IrValue *dz_column = g_op(g, OP_EXPAND_DIMS, &dz, 1, &axis);
    dx[0] = g_bin(g, OP_MUL, g_bin(g, OP_SUB, softmax, one_hot), dz_column);
    return true;
}

/* z = gather(x, indices) along axis: x's gradient is dz's rows added back where they
   were taken (repeats summed); the indices take none. */
bool grad_gather(G *g, const GradOp *op, IrValue *dz, IrValue **dx) {
    IrValue *in[3] = {dz, op->inputs[1], g_shape(g, X)};
    dx[0] = g_op(g, OP_GATHER_GRAD, in, 3, op->attrs);
    return true;
}

/* gather_grad is linear in dy: its own gradient gathers again. */
bool grad_gather_grad(G *g, const GradOp *op, IrValue *dz, IrValue **dx) {
    IrValue *in[2] = {dz, op->inputs[1]};
    dx[0] = g_op(g, OP_GATHER, in, 2, op->attrs);
    return true;
}

/* z = x[begin:end:strides] (masks in the attributes): x's gradient is dz written back
   into zeros where the slice took its elements. */
bool grad_strided_slice(G *g, const GradOp *op, IrValue *dz, IrValue **dx) {
    IrValue *in[5] = {g_shape(g, X), op->inputs[1], op->inputs[2], op->inputs[3], dz};
    dx[0] = g_op(g, OP_STRIDED_SLICE_GRAD, in, 5, op->attrs);
    return true;
}

/* strided_slice_grad is linear in its dy: its own gradient slices again. */
bool grad_strided_slice_grad(G *g, const GradOp *op, IrValue *dz, IrValue **dx) {
    IrValue *in[4] = {dz, op->inputs[1], op->inputs[2], op->inputs[3]};
    dx[4] = g_op(g, OP_STRIDED_SLICE, in, 4, op->attrs);
    return true;
}

/* An int32 vector constant. */
static IrValue *int_vector(G *g, const int64_t *v, int n) {
    Arena *a = g->b->module->arena;
    int32_t *data = ARENA_ARRAY(a, int32_t, n + 1);
    for (int i = 0; i < n; i++) data[i] = (int32_t)v[i];
    ConstData *c = ARENA_NEW(a, ConstData);
    *c = (ConstData){.dtype = DT_INT32, .shape = shape_of(1, (int64_t[]){n}), .data = data};
    return build_const(g->b, c, g->loc);
}

/* z = concat(xs, axis): each input's gradient is its own stretch of dz along the
   axis, a strided slice (every other dim whole). The stretches' sizes must be known
   now. */
bool grad_concat(G *g, const GradOp *op, IrValue *dz, IrValue **dx) {
    int64_t axis = attrs_get(op->attrs, "axis")->i;
    int rank = dz->type.shape.rank;
    int64_t begin[IR_MAX_RANK] = {0}, end[IR_MAX_RANK] = {0}, ones[IR_MAX_RANK];
    for (int d = 0; d < rank; d++) ones[d] = 1;
    Attrs attrs = {0};
    Arena *a = g->b->module->arena;
    int whole = ((1 << rank) - 1) & ~(1 << axis); /* begin and end ignored there */
    attrs_set_int(a, &attrs, "begin_mask", whole);
    attrs_set_int(a, &attrs, "end_mask", whole);
    int64_t offset = 0;
    for (int i = 0; i < op->ninputs; i++) {
        int64_t size = op->inputs[i]->type.shape.dims[axis];
        if (size == DIM_UNKNOWN) {
            build_unsupported(g->b, g->loc,
                              "the gradient of concat along an axis whose sizes are known only "
                              "at run time");
            return false;
        }
        begin[axis] = offset;
        end[axis] = offset + size;
        offset += size;
        IrValue *in[4] = {dz, int_vector(g, begin, rank), int_vector(g, end, rank),
                          int_vector(g, ones, rank)};
        dx[i] = g_op(g, OP_STRIDED_SLICE, in, 4, &attrs);
    }
    return true;
}

/* z = tile(x, multiples): z is x repeated m_i times along dim i, so x's gradient sums
   dz over the repeats: dz as [m0, d0, m1, d1, ...], reduced over the m axes. x's
   shape and the multiples must be known now. */
bool grad_tile(G *g, const GradOp *op, IrValue *dz, IrValue **dx) {
    const Shape *s = &X->type.shape;
    int64_t m[IR_MAX_RANK];
    bool known[IR_MAX_RANK];
    int n = shape_vector_value(op->inputs[1], m, known, IR_MAX_RANK);
    if (2 * s->rank > IR_MAX_RANK) {
        build_unsupported(g->b, g->loc, "the gradient of tile of a tensor of rank %d (at most %d)",
                          s->rank, IR_MAX_RANK / 2);
        return false;
    }
    bool static_ok = shape_is_static(s) && n == s->rank;
    for (int i = 0; static_ok && i < n; i++) static_ok = known[i];
    if (!static_ok) {
        build_unsupported(g->b, g->loc,
                          "the gradient of tile with a shape or multiples known only at run "
                          "time");
        return false;
    }
    int64_t split[IR_MAX_RANK] = {0}, axes[IR_MAX_RANK] = {0};
    for (int i = 0; i < n; i++) {
        split[2 * i] = m[i];
        split[2 * i + 1] = s->dims[i];
        axes[i] = 2 * i;
    }
    IrValue *in[2] = {dz, int_vector(g, split, 2 * n)};
    IrValue *parts = g_op(g, OP_RESHAPE, in, 2, NULL);
    Attrs attrs = {0};
    attrs_set_ints(g->b->module->arena, &attrs, "axis", axes, n);
    dx[0] = n == 0 ? dz : g_op(g, OP_REDUCE_SUM, &parts, 1, &attrs);
    return true;
}

/* z = stack_push(stack, x), stack [n, ...] and z [n+1, ...]: the stack's gradient is
   dz's first n rows, x's its last (a gradient of a gradient through a while loop
   reaches the forward loop's stacks). n is known only at run time, and comes from dz:
   reading the stack itself would make the backward loop keep every stack it had. */
bool grad_stack_push(G *g, const GradOp *op, IrValue *dz, IrValue **dx) {
    (void)op;
    Attrs axis0 = {0};
    attrs_set_int(g->b->module->arena, &axis0, "axis", 0);
    IrValue *zero = g_scalar(g, DT_INT32, 0);
    IrValue *at0[2] = {g_shape(g, dz), zero};
    IrValue *rows = g_bin(g, OP_SUB, g_op(g, OP_GATHER, at0, 2, &axis0), g_scalar(g, DT_INT32, 1));
    IrValue *range[3] = {zero, rows, g_scalar(g, DT_INT32, 1)};
    IrValue *first[2] = {dz, g_op(g, OP_RANGE, range, 3, NULL)};
    IrValue *last[2] = {dz, rows};
    dx[0] = g_op(g, OP_GATHER, first, 2, &axis0);
    dx[1] = g_op(g, OP_GATHER, last, 2, &axis0);
    return true;
}
