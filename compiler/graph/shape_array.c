/* shape_array.c — shape inference for selection, indexing and shape ops: select,
 * where_indices, reshape, expand_dims, squeeze, transpose, concat, tile, broadcast_to,
 * strided_slice. Static dims are checked here (errors name the shapes); what depends
 * on unknown dims or values is left unknown and checked by the kernel at run time.
 * Memory owner: none. */
#include <inttypes.h>
#include <string.h>

#include "shape_rules.h"

#include "ingot/size.h"

static bool one_output(TensorType *out, int *nout, DType dt, Shape s) {
    out[0] = tensor_type(dt, s);
    *nout = 1;
    return true;
}

/* An int32/int64 vector argument whose length is known: n and what is known of it. */
static bool vector_arg(Opcode op, const IrValue *v, const char *what, int64_t *vals, bool *known,
                       int *n, ShapeError *err) {
    if (!dtype_is_integer(v->type.dtype))
        return shape_fail(err, op, "%s must be int32 or int64, got %s", what,
                          dtype_name(v->type.dtype));
    *n = shape_vector_value(v, vals, known, IR_MAX_RANK);
    if (*n < 0) {
        char b[SHAPE_BUF];
        return shape_fail(err, op, "%s must be a vector of known length (at most %d), got shape %s",
                          what, IR_MAX_RANK, shape_str(&v->type.shape, b, sizeof b));
    }
    return true;
}

/* A vector argument that is a shape: its known elements are dims, the others unknown. */
static bool shape_arg(Opcode op, const IrValue *v, const char *what, Shape *out,
                      ShapeError *err) {
    int64_t vals[IR_MAX_RANK];
    bool known[IR_MAX_RANK];
    int n = 0; /* set by the call below when it succeeds */
    if (!vector_arg(op, v, what, vals, known, &n, err)) return false;
    *out = shape_scalar();
    out->rank = n;
    for (int i = 0; i < n; i++) out->dims[i] = known[i] ? vals[i] : DIM_UNKNOWN;
    return true;
}

/* tf.where(cond, x, y): the three broadcast together. */
bool shape_select(Opcode op, IrValue **in, int nin, const Attrs *attrs, const Func *callee,
                  TensorType *out, int *nout, ShapeError *err) {
    (void)nin, (void)attrs, (void)callee;
    if (in[0]->type.dtype != DT_BOOL)
        return shape_fail(err, op, "the condition must be bool, got %s",
                          dtype_name(in[0]->type.dtype));
    if (in[1]->type.dtype != in[2]->type.dtype)
        return shape_fail(err, op, "dtypes differ (%s vs %s)", dtype_name(in[1]->type.dtype),
                          dtype_name(in[2]->type.dtype));
    if (shape_string_refused(op, in[1], err)) return false;
    Shape xy, all;
    if (!broadcast_shapes(op, &in[1]->type.shape, &in[2]->type.shape, &xy, err)) return false;
    if (!broadcast_shapes(op, &in[0]->type.shape, &xy, &all, err)) return false;
    return one_output(out, nout, in[1]->type.dtype, all);
}

/* tf.where(cond): int64 [number of true elements, rank]. */
bool shape_where_indices(Opcode op, IrValue **in, int nin, const Attrs *attrs, const Func *callee,
                         TensorType *out, int *nout, ShapeError *err) {
    (void)nin, (void)attrs, (void)callee;
    if (in[0]->type.dtype != DT_BOOL)
        return shape_fail(err, op, "expected a bool operand, got %s",
                          dtype_name(in[0]->type.dtype));
    int64_t dims[2] = {DIM_UNKNOWN, in[0]->type.shape.rank};
    return one_output(out, nout, DT_INT64, shape_of(2, dims));
}

/* tf.reshape(x, shape): at most one -1, inferred when x's size is known. */
/* gather_grad(dy, indices, shape) {axis}: dy's dtype, the shape's dims. */
bool shape_gather_grad(Opcode op, IrValue **in, int nin, const Attrs *attrs, const Func *callee,
                       TensorType *out, int *nout, ShapeError *err) {
    (void)nin, (void)callee;
    Shape s;
    if (!shape_arg(op, in[2], "shape", &s, err)) return false;
    int n = s.rank;
    if (!dtype_is_float(in[0]->type.dtype))
        return shape_fail(err, op, "unsupported dtype %s", dtype_name(in[0]->type.dtype));
    if (!dtype_is_integer(in[1]->type.dtype))
        return shape_fail(err, op, "indices must be int32 or int64");
    int64_t axis = attr_int_or(attrs, "axis", 0);
    if (axis < 0 || axis >= n) return shape_fail(err, op, "axis %" PRId64 " is out of range", axis);
    /* dy is what gather gave: shape[:axis] + indices' shape + shape[axis+1:]. */
    const Shape *dy = &in[0]->type.shape, *ix = &in[1]->type.shape;
    bool fits = dy->rank == n - 1 + ix->rank;
    for (int d = 0; fits && d < dy->rank; d++) {
        int64_t want = d < axis                ? s.dims[d]
                       : d < axis + ix->rank ? ix->dims[d - axis]
                                             : s.dims[d - ix->rank + 1];
        fits = want == DIM_UNKNOWN || dy->dims[d] == DIM_UNKNOWN || want == dy->dims[d];
    }
    if (!fits) {
        char b[SHAPE_BUF];
        return shape_fail(err, op, "dy of shape %s is not what gather gives for these indices",
                          shape_str(dy, b, sizeof b));
    }
    return one_output(out, nout, in[0]->type.dtype, s);
}

/* sum_to(x, shape): x's dtype, shape's dims; a known dim of shape is 1 or x's own (x
   right-aligned, as broadcasting aligns it). */
bool shape_sum_to(Opcode op, IrValue **in, int nin, const Attrs *attrs, const Func *callee,
                  TensorType *out, int *nout, ShapeError *err) {
    (void)nin, (void)attrs, (void)callee;
    Shape s;
    if (!shape_arg(op, in[1], "shape", &s, err)) return false;
    const Shape *x = &in[0]->type.shape;
    if (!dtype_is_numeric(in[0]->type.dtype))
        return shape_fail(err, op, "unsupported dtype %s", dtype_name(in[0]->type.dtype));
    char bx[SHAPE_BUF];
    if (s.rank > x->rank)
        return shape_fail(err, op, "cannot sum %s to a shape of rank %d",
                          shape_str(x, bx, sizeof bx), s.rank);
    for (int i = 0; i < s.rank; i++) {
        int64_t have = x->dims[x->rank - s.rank + i], want = s.dims[i];
        if (want != DIM_UNKNOWN && want != 1 && have != DIM_UNKNOWN && have != want)
            return shape_fail(err, op, "cannot sum %s to dimension %d of size %" PRId64,
                              shape_str(x, bx, sizeof bx), i, want);
    }
    return one_output(out, nout, in[0]->type.dtype, s);
}

/* stack_push(stack, x): stack holds rows of x's dtype and shape, one per dim 0 entry;
   the result has one row more, how many is known only at run time. */
bool shape_stack_push(Opcode op, IrValue **in, int nin, const Attrs *attrs, const Func *callee,
                      TensorType *out, int *nout, ShapeError *err) {
    (void)nin, (void)attrs, (void)callee;
    if (!same_dtype(op, in, err) || shape_string_refused(op, in[1], err)) return false;
    const Shape *st = &in[0]->type.shape, *x = &in[1]->type.shape;
    char bs[SHAPE_BUF], bx[SHAPE_BUF];
    if (st->rank != x->rank + 1)
        return shape_fail(err, op, "a row %s cannot go on a stack %s",
                          shape_str(x, bx, sizeof bx), shape_str(st, bs, sizeof bs));
    Shape s = *st;
    s.dims[0] = DIM_UNKNOWN;
    for (int i = 0; i < x->rank; i++) {
        int64_t have = st->dims[i + 1], row = x->dims[i];
        if (have != DIM_UNKNOWN && row != DIM_UNKNOWN && have != row)
            return shape_fail(err, op, "a row %s cannot go on a stack %s",
                              shape_str(x, bx, sizeof bx), shape_str(st, bs, sizeof bs));
        s.dims[i + 1] = row != DIM_UNKNOWN ? row : have;
    }
    return one_output(out, nout, in[0]->type.dtype, s);
}

bool shape_reshape(Opcode op, IrValue **in, int nin, const Attrs *attrs, const Func *callee,
                   TensorType *out, int *nout, ShapeError *err) {
    (void)nin, (void)attrs, (void)callee;
    int64_t v[IR_MAX_RANK];
    bool known[IR_MAX_RANK];
    int n = 0; /* set by the call below when it succeeds */
    if (!vector_arg(op, in[1], "shape", v, known, &n, err)) return false;
    if (shape_string_refused(op, in[0], err)) return false;
    Shape s = shape_scalar();
    s.rank = n;
    int infer = -1;
    bool all_known = true;
    int64_t product = 1;
    for (int i = 0; i < n; i++) {
        if (!known[i]) {
            s.dims[i] = DIM_UNKNOWN;
            all_known = false;
        } else if (v[i] == -1) {
            if (infer >= 0)
                return shape_fail(err, op, "only one input size may be -1, not both %d and %d",
                                  infer, i);
            infer = i;
            s.dims[i] = DIM_UNKNOWN;
        } else if (v[i] < 0) {
            return shape_fail(err, op, "size %d must be non-negative, not %" PRId64, i, v[i]);
        } else {
            s.dims[i] = v[i];
            if (product >= 0 && !ig_size_mul(product, v[i], &product)) product = -1;
        }
    }
    int64_t size = shape_num_elements(&in[0]->type.shape);
    char bx[SHAPE_BUF], bs[SHAPE_BUF];
    if (product < 0)
        return shape_fail(err, op,
                          "the requested shape %s has more elements than an int64 can count",
                          shape_str(&s, bs, sizeof bs));
    if (all_known && size >= 0) {
        if (infer >= 0) {
            /* TensorFlow's kernel's words (its graph-time check says the same). */
            if (product == 0 || size % product != 0)
                return shape_fail(
                    err, op,
                    "Input to reshape is a tensor with %" PRId64
                    " values, but the requested shape requires a multiple of %" PRId64,
                    size, product);
            s.dims[infer] = size / product;
        } else if (product != size) {
            return shape_fail(err, op,
                              "cannot reshape a tensor of shape %s (%" PRId64
                              " elements) to shape %s (%" PRId64 " elements)",
                              shape_str(&in[0]->type.shape, bx, sizeof bx), size,
                              shape_str(&s, bs, sizeof bs), product);
        }
    }
    return one_output(out, nout, in[0]->type.dtype, s);
}

bool shape_expand_dims(Opcode op, IrValue **in, int nin, const Attrs *attrs, const Func *callee,
                       TensorType *out, int *nout, ShapeError *err) {
    (void)nin, (void)callee;
    if (shape_string_refused(op, in[0], err)) return false;
    const Shape *x = &in[0]->type.shape;
    int64_t axis = attr_int_or(attrs, "axis", 0);
    if (axis < 0 || axis > x->rank || x->rank >= IR_MAX_RANK)
        return shape_fail(err, op, "axis %" PRId64 " is out of range for a tensor of rank %d", axis,
                          x->rank);
    Shape s = shape_scalar();
    for (int i = 0; i <= x->rank; i++) {
        if (i == axis) s.dims[s.rank++] = 1;
        if (i < x->rank) s.dims[s.rank++] = x->dims[i];
    }
    return one_output(out, nout, in[0]->type.dtype, s);
}

/* "axis": the dims to remove (normalised), each 1; absent: every dim of size 1, which
   needs every dim known (the result's rank depends on it). */
bool shape_squeeze(Opcode op, IrValue **in, int nin, const Attrs *attrs, const Func *callee,
                   TensorType *out, int *nout, ShapeError *err) {
    (void)nin, (void)callee;
    if (shape_string_refused(op, in[0], err)) return false;
    const Shape *x = &in[0]->type.shape;
    const Attr *axis = attrs_get(attrs, "axis");
    bool drop[IR_MAX_RANK] = {false};
    char b[SHAPE_BUF];
    /* axis=[] squeezes every size-1 dim, as no axis does (TensorFlow's, ig_squeeze). */
    if (!axis || axis->ints.len == 0) {
        for (int i = 0; i < x->rank; i++) {
            if (x->dims[i] == DIM_UNKNOWN)
                return shape_fail(err, op,
                                  "squeezing every size-1 dim of a tensor of shape %s needs its "
                                  "dims known; name the "
                                  "axis to squeeze",
                                  shape_str(x, b, sizeof b));
            drop[i] = x->dims[i] == 1;
        }
    } else {
        for (int j = 0; j < axis->ints.len; j++) {
            int64_t a = axis->ints.items[j];
            if (a < 0 || a >= x->rank)
                return shape_fail(err, op,
                                  "axis %" PRId64 " is out of range for a tensor of rank %d", a,
                                  x->rank);
            if (x->dims[a] != 1 && x->dims[a] != DIM_UNKNOWN)
                return shape_fail(err, op,
                                  "Can not squeeze dim[%" PRId64
                                  "], expected a dimension of 1, got %" PRId64,
                                  a, x->dims[a]);
            drop[a] = true;
        }
    }
    Shape s = shape_scalar();
    for (int i = 0; i < x->rank; i++)
        if (!drop[i]) s.dims[s.rank++] = x->dims[i];
    return one_output(out, nout, in[0]->type.dtype, s);
}

bool shape_transpose(Opcode op, IrValue **in, int nin, const Attrs *attrs, const Func *callee,
                     TensorType *out, int *nout, ShapeError *err) {
    (void)nin, (void)callee;
    if (shape_string_refused(op, in[0], err)) return false;
    const Shape *x = &in[0]->type.shape;
    const Attr *perm = attrs_get(attrs, "perm");
    if (!perm || perm->kind != ATTR_INTS || perm->ints.len != x->rank)
        return shape_fail(err, op, "perm must have %d entries (the rank of the input)", x->rank);
    bool seen[IR_MAX_RANK] = {false};
    Shape s = shape_scalar();
    s.rank = x->rank;
    for (int i = 0; i < x->rank; i++) {
        int64_t p = perm->ints.items[i];
        if (p < 0 || p >= x->rank || seen[p])
            return shape_fail(err, op, "perm is not a permutation of 0..%d", x->rank - 1);
        seen[p] = true;
        s.dims[i] = x->dims[p];
    }
    return one_output(out, nout, in[0]->type.dtype, s);
}

bool shape_concat(Opcode op, IrValue **in, int nin, const Attrs *attrs, const Func *callee,
                  TensorType *out, int *nout, ShapeError *err) {
    (void)callee;
    if (nin < 1) return shape_fail(err, op, "needs at least one tensor");
    const Shape *x0 = &in[0]->type.shape;
    int64_t axis = attr_int_or(attrs, "axis", 0);
    if (x0->rank == 0)
        return shape_fail(err, op, "can't concatenate scalars (use tf.stack instead)");
    if (axis < 0 || axis >= x0->rank)
        return shape_fail(err, op, "axis %" PRId64 " is out of range for tensors of rank %d", axis,
                          x0->rank);
    Shape s = *x0;
    char b0[SHAPE_BUF], bi[SHAPE_BUF];
    for (int k = 1; k < nin; k++) {
        const Shape *xi = &in[k]->type.shape;
        if (in[k]->type.dtype != in[0]->type.dtype)
            return shape_fail(err, op, "dtypes differ (%s vs %s)", dtype_name(in[0]->type.dtype),
                              dtype_name(in[k]->type.dtype));
        if (xi->rank != x0->rank)
            return shape_fail(err, op, "shapes %s and %s have different ranks",
                              shape_str(x0, b0, sizeof b0), shape_str(xi, bi, sizeof bi));
        for (int d = 0; d < s.rank; d++) {
            if (d == axis) {
                if (s.dims[d] == DIM_UNKNOWN || xi->dims[d] == DIM_UNKNOWN) s.dims[d] = DIM_UNKNOWN;
                else if (__builtin_add_overflow(s.dims[d], xi->dims[d], &s.dims[d]))
                    return shape_fail(err, op,
                                      "the sizes along axis %" PRId64 " add up to more than an "
                                      "int64 holds",
                                      axis);
            } else if (s.dims[d] == DIM_UNKNOWN) {
                s.dims[d] = xi->dims[d];
            } else if (xi->dims[d] != DIM_UNKNOWN && xi->dims[d] != s.dims[d]) {
                return shape_fail(err, op,
                                  "Dimension %d in both shapes must be equal: shapes %s and %s", d,
                                  shape_str(x0, b0, sizeof b0), shape_str(xi, bi, sizeof bi));
            }
        }
    }
    return one_output(out, nout, in[0]->type.dtype, s);
}

bool shape_tile(Opcode op, IrValue **in, int nin, const Attrs *attrs, const Func *callee,
                TensorType *out, int *nout, ShapeError *err) {
    (void)nin, (void)attrs, (void)callee;
    if (shape_string_refused(op, in[0], err)) return false;
    const Shape *x = &in[0]->type.shape;
    int64_t m[IR_MAX_RANK];
    bool known[IR_MAX_RANK];
    int n = 0; /* set by the call below when it succeeds */
    if (!vector_arg(op, in[1], "multiples", m, known, &n, err)) return false;
    if (n != x->rank)
        return shape_fail(err, op, "multiples has %d entries, the input's rank is %d", n, x->rank);
    Shape s = *x;
    for (int i = 0; i < n; i++) {
        if (known[i] && m[i] < 0)
            return shape_fail(err, op, "multiples[%d] is negative (%" PRId64 ")", i, m[i]);
        if (known[i] && x->dims[i] != DIM_UNKNOWN) {
            if (!ig_size_mul(x->dims[i], m[i], &s.dims[i]))
                return shape_fail(err, op,
                                  "%" PRId64 " copies of dimension %d (%" PRId64 ") are more "
                                  "than an int64 can count",
                                  m[i], i, x->dims[i]);
        } else {
            s.dims[i] = known[i] && m[i] == 0 ? 0 : DIM_UNKNOWN;
        }
    }
    return one_output(out, nout, in[0]->type.dtype, s);
}

bool shape_broadcast_to(Opcode op, IrValue **in, int nin, const Attrs *attrs, const Func *callee,
                        TensorType *out, int *nout, ShapeError *err) {
    (void)nin, (void)attrs, (void)callee;
    if (shape_string_refused(op, in[0], err)) return false;
    const Shape *x = &in[0]->type.shape;
    Shape s;
    if (!shape_arg(op, in[1], "shape", &s, err)) return false;
    int n = s.rank;
    char bx[SHAPE_BUF], bs[SHAPE_BUF];
    bool ok = x->rank <= n;
    for (int i = 0; ok && i < x->rank; i++) {
        int64_t d = x->dims[x->rank - 1 - i], t = s.dims[n - 1 - i];
        if (d != 1 && d != DIM_UNKNOWN && t != DIM_UNKNOWN && d != t) ok = false;
        if (t == DIM_UNKNOWN && d != 1 && d != DIM_UNKNOWN) s.dims[n - 1 - i] = d;
    }
    if (!ok)
        return shape_fail(err, op, "Unable to broadcast tensor of shape %s to tensor of shape %s",
                          shape_str(x, bx, sizeof bx), shape_str(&s, bs, sizeof bs));
    return one_output(out, nout, in[0]->type.dtype, s);
}

/* ---- strided_slice --------------------------------------------------------------------- */
/* TensorFlow's rule (ValidateStridedSliceOp): the spec's entries walk the input's dims;
   '...' stands for as many whole dims as the other entries leave over, and a spec
   without one ends with an implicit '...'. A new axis adds a dim of 1, a shrinking
   index removes its dim, every other entry slices its dim as Python slices do. */

/* One dim sliced as Python does: the length of x[begin:end:stride] over dim. */
void slice_bounds(int64_t dim, int64_t begin, int64_t end, int64_t stride, bool whole_begin,
                  bool whole_end, int64_t *first, int64_t *bound) {
    int64_t lo = stride > 0 ? 0 : -1, hi = stride > 0 ? dim : dim - 1;
    int64_t b = whole_begin ? (stride > 0 ? lo : hi) : begin < 0 ? begin + dim : begin;
    int64_t e = whole_end ? (stride > 0 ? hi : lo) : end < 0 ? end + dim : end;
    *first = b < lo ? lo : b > hi ? hi : b;
    *bound = e < lo ? lo : e > hi ? hi : e;
}

static int64_t slice_length(int64_t dim, int64_t begin, int64_t end, int64_t stride,
                            bool whole_begin, bool whole_end) {
    int64_t b, e;
    slice_bounds(dim, begin, end, stride, whole_begin, whole_end, &b, &e);
    /* Unsigned step: a stride of INT64_MIN (or INT64_MAX) must not overflow. */
    int64_t span = stride > 0 ? e - b : b - e;
    uint64_t step = stride > 0 ? (uint64_t)stride : 0 - (uint64_t)stride;
    return span > 0 ? (int64_t)(((uint64_t)span - 1) / step + 1) : 0;
}

/* strided_slice_grad(shape, begin, end, strides, dy): dy's dtype, the shape's dims.
   The spec is checked as strided_slice checks it on an x of that shape, and dy must
   have the shape that slice gives. */
bool shape_strided_slice_grad(Opcode op, IrValue **in, int nin, const Attrs *attrs,
                              const Func *callee, TensorType *out, int *nout, ShapeError *err) {
    (void)nin;
    Shape s;
    if (!shape_arg(op, in[0], "shape", &s, err)) return false;
    if (!dtype_is_float(in[4]->type.dtype))
        return shape_fail(err, op, "unsupported dtype %s", dtype_name(in[4]->type.dtype));
    IrValue x = {.type = tensor_type(in[4]->type.dtype, s)};
    IrValue *forward[4] = {&x, in[1], in[2], in[3]};
    TensorType slice;
    int nslice;
    if (!shape_strided_slice(op, forward, 4, attrs, callee, &slice, &nslice, err)) return false;
    const Shape *dy = &in[4]->type.shape;
    bool fits = dy->rank == slice.shape.rank;
    for (int i = 0; fits && i < dy->rank; i++)
        fits = dy->dims[i] == DIM_UNKNOWN || slice.shape.dims[i] == DIM_UNKNOWN ||
               dy->dims[i] == slice.shape.dims[i];
    if (!fits) {
        char bd[SHAPE_BUF], bs[SHAPE_BUF];
        return shape_fail(err, op, "dy of shape %s is not the slice's shape %s",
                          shape_str(dy, bd, sizeof bd), shape_str(&slice.shape, bs, sizeof bs));
    }
    return one_output(out, nout, in[4]->type.dtype, s);
}

bool shape_strided_slice(Opcode op, IrValue **in, int nin, const Attrs *attrs, const Func *callee,
                         TensorType *out, int *nout, ShapeError *err) {
    (void)nin, (void)callee;
    if (shape_string_refused(op, in[0], err)) return false;
    const Shape *x = &in[0]->type.shape;
    int64_t b[IR_MAX_RANK], e[IR_MAX_RANK], st[IR_MAX_RANK];
    bool bk[IR_MAX_RANK], ek[IR_MAX_RANK], sk[IR_MAX_RANK];
    int nb = 0, ne = 0, ns = 0; /* set by the calls below when they succeed */
    if (!vector_arg(op, in[1], "begin", b, bk, &nb, err) ||
        !vector_arg(op, in[2], "end", e, ek, &ne, err) ||
        !vector_arg(op, in[3], "strides", st, sk, &ns, err))
        return false;
    if (nb != ne || nb != ns)
        return shape_fail(
            err, op, "begin, end and strides must have one length (got %d, %d and %d)", nb, ne, ns);
    int64_t begin_mask = attr_int_or(attrs, "begin_mask", 0),
            end_mask = attr_int_or(attrs, "end_mask", 0);
    int64_t ellipsis_mask = attr_int_or(attrs, "ellipsis_mask", 0),
            new_axis_mask = attr_int_or(attrs, "new_axis_mask", 0);
    int64_t shrink_mask = attr_int_or(attrs, "shrink_axis_mask", 0);
    if (ellipsis_mask & (ellipsis_mask - 1))
        return shape_fail(err, op, "multiple ellipses in slice spec not allowed");
    /* Dims consumed by the entries other than '...' and new axes. */
    int consumed = 0;
    for (int i = 0; i < nb; i++)
        if (!((ellipsis_mask | new_axis_mask) >> i & 1)) consumed++;
    /* Mask bits past the spec's entries mean nothing (TensorFlow's, slice_spec.c). */
    bool has_ellipsis = (ellipsis_mask & (((int64_t)1 << nb) - 1)) != 0;
    if (consumed > x->rank)
        return shape_fail(err, op, "the slice has %d indices but the tensor has rank %d", consumed,
                          x->rank);
    Shape s = shape_scalar();
    int d = 0; /* input dim */
    char bx[SHAPE_BUF];
    for (int i = 0; i <= nb; i++) {
        bool implicit_end = i == nb;
        if (implicit_end && has_ellipsis) break;
        if (implicit_end || (ellipsis_mask >> i & 1)) {
            int whole = x->rank - consumed;
            for (int k = 0; k < whole; k++) {
                if (s.rank >= IR_MAX_RANK) return shape_fail(err, op, "rank above %d", IR_MAX_RANK);
                s.dims[s.rank++] = x->dims[d++];
            }
            continue;
        }
        if (new_axis_mask >> i & 1) {
            if (s.rank >= IR_MAX_RANK) return shape_fail(err, op, "rank above %d", IR_MAX_RANK);
            s.dims[s.rank++] = 1;
            continue;
        }
        int64_t dim = x->dims[d];
        if (sk[i] && st[i] == 0) return shape_fail(err, op, "strides[%d] must be non-zero", i);
        if (shrink_mask >> i & 1) {
            if (bk[i] && dim != DIM_UNKNOWN && (b[i] < -dim || b[i] >= dim))
                return shape_fail(
                    err, op, "slice index %" PRId64 " of dimension %d out of bounds (shape %s)",
                    b[i], d, shape_str(x, bx, sizeof bx));
            d++;
            continue;
        }
        bool whole_b = begin_mask >> i & 1, whole_e = end_mask >> i & 1;
        bool known = dim != DIM_UNKNOWN && sk[i] && (whole_b || bk[i]) && (whole_e || ek[i]);
        if (s.rank >= IR_MAX_RANK) return shape_fail(err, op, "rank above %d", IR_MAX_RANK);
        s.dims[s.rank++] =
            known ? slice_length(dim, b[i], e[i], st[i], whole_b, whole_e) : DIM_UNKNOWN;
        d++;
    }
    return one_output(out, nout, in[0]->type.dtype, s);
}
