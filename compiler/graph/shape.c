/* shape.c — dtype and shape inference: one shape_<rule> per rule named in ops.def,
 * dispatched by shape_infer through a table generated from ops.def.
 * Memory owner: none; results go to the caller's arrays, messages to its buffer. */
#include "shape_rules.h"

#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "elementwise_expr.h"
#include "ingot/size.h"

/* "<op>: " then the message; the kind is the caller's. */
static void shape_vreport(ShapeError *err, Opcode op, bool unsupported, const char *prefix,
                          const char *fmt, va_list ap) {
    if (!err) return;
    err->unsupported = unsupported;
    int n = snprintf(err->msg, sizeof err->msg, "%s: %s", op_info[op].name, prefix);
    if (n < 0 || (size_t)n >= sizeof err->msg) return;
    vsnprintf(err->msg + n, sizeof err->msg - (size_t)n, fmt, ap);
}

void shape_error_clear(ShapeError *err) {
    if (!err) return;
    err->msg[0] = '\0';
    err->unsupported = false;
}

bool shape_fail(ShapeError *err, Opcode op, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    shape_vreport(err, op, false, "", fmt, ap);
    va_end(ap);
    return false;
}

bool shape_unsupported(ShapeError *err, Opcode op, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    shape_vreport(err, op, true, "not supported yet: ", fmt, ap);
    va_end(ap);
    return false;
}

bool shape_string_refused(Opcode op, const IrValue *x, ShapeError *err) {
    if (x->type.dtype != DT_STRING) return false;
    shape_unsupported(err, op,
                      "a string tensor (Ingot's string tensors are "
                      "scalars, and %s copies elements)",
                      op_info[op].name);
    return true;
}

TensorType tensor_type(DType dt, Shape s) {
    TensorType t;
    memset(&t, 0, sizeof t);
    t.dtype = dt;
    t.shape = s;
    return t;
}

bool dtype_is_numeric(DType dt) { return dtype_is_float(dt) || dtype_is_integer(dt); }

int64_t attr_int_or(const Attrs *attrs, const char *key, int64_t dflt) {
    const Attr *a = attrs_get(attrs, key);
    return a && (a->kind == ATTR_INT || a->kind == ATTR_BOOL) ? a->i : dflt;
}

/* Depth of the concat/slice chains shape_vector_value follows. */
enum { VECTOR_VALUE_DEPTH = 8 };

static int vector_value(const IrValue *v, int64_t *vals, bool *known, int max, int depth);

/* A concat of vectors: each one's known elements, in turn. */
static void concat_value(const Inst *def, int64_t *vals, bool *known, int n, int depth) {
    int at = 0;
    for (int k = 0; k < def->ninputs; k++) {
        int got = vector_value(def->inputs[k], vals + at, known + at, n - at, depth + 1);
        if (got < 0) { /* a part of unknown length: nothing after it is placed */
            for (int i = at; i < n; i++) known[i] = false;
            return;
        }
        at += got;
    }
}

/* x[b:e:s] of a vector x, with constant bounds and no other mask than begin/end. */
static void slice_value(const Inst *def, int64_t *vals, bool *known, int n, int depth) {
    const IrValue *x = def->inputs[0];
    int64_t bound[3], xs[IR_MAX_RANK];
    bool bound_known[3], xk[IR_MAX_RANK];
    for (int k = 0; k < 3; k++)
        if (vector_value(def->inputs[k + 1], &bound[k], &bound_known[k], 1, depth + 1) != 1 ||
            !bound_known[k])
            return;
    int64_t masks = attr_int_or(&def->attrs, "ellipsis_mask", 0) |
                    attr_int_or(&def->attrs, "new_axis_mask", 0) |
                    attr_int_or(&def->attrs, "shrink_axis_mask", 0);
    int len = vector_value(x, xs, xk, IR_MAX_RANK, depth + 1);
    if (masks & 1 || len < 0 || bound[2] == 0) return;
    int64_t step = bound[2];
    if (step > len) step = len + 1; /* one element either way, and j += step cannot overflow */
    if (step < -len) step = -(int64_t)len - 1;
    int64_t b, e;
    slice_bounds(len, bound[0], bound[1], step, attr_int_or(&def->attrs, "begin_mask", 0) & 1,
                 attr_int_or(&def->attrs, "end_mask", 0) & 1, &b, &e);
    int i = 0;
    for (int64_t j = b; (step > 0 ? j < e : j > e) && i < n; j += step, i++) {
        vals[i] = xs[j];
        known[i] = xk[j];
    }
}

/* TensorFlow's constant_value_as_shape for the vectors shape code builds: the
   elements of a constant, of tf.shape(x) (x's static dims), of a concat of such
   vectors and of a slice of one (tf.shape(x)[1:]), of an integer cast of one. */
static int vector_value(const IrValue *v, int64_t *vals, bool *known, int max, int depth) {
    const Shape *s = &v->type.shape;
    if (s->rank != 1 || s->dims[0] == DIM_UNKNOWN || s->dims[0] > max) return -1;
    int n = (int)s->dims[0];
    for (int i = 0; i < n; i++) known[i] = false;
    const Inst *def = v->def;
    bool follow = def && def->inputs && depth < VECTOR_VALUE_DEPTH && !v->value;
    if (follow && def->op == OP_CONCAT) {
        concat_value(def, vals, known, n, depth);
        return n;
    }
    if (follow && def->op == OP_STRIDED_SLICE && def->inputs[0]->type.shape.rank == 1) {
        slice_value(def, vals, known, n, depth);
        return n;
    }
    if (follow && def->op == OP_CAST && dtype_is_integer(def->inputs[0]->type.dtype)) {
        vector_value(def->inputs[0], vals, known, n, depth + 1);
        return n;
    }
    const ConstData *c = v->value                     ? v->value
                         : def && def->op == OP_CONST ? attrs_get(&def->attrs, "value")->tensor
                                                      : NULL;
    if (c) {
        for (int i = 0; i < n; i++) {
            vals[i] = c->dtype == DT_INT32 ? ((const int32_t *)c->data)[i]
                                           : ((const int64_t *)c->data)[i];
            known[i] = true;
        }
    } else if (def && def->op == OP_SHAPE && def->ninputs > 0) {
        /* (Eager mode drops an instruction's inputs once it ran: the value above.) */
        const Shape *x = &def->inputs[0]->type.shape;
        for (int i = 0; i < n; i++) {
            vals[i] = x->dims[i];
            known[i] = x->dims[i] != DIM_UNKNOWN;
        }
    }
    return n;
}

int shape_vector_value(const IrValue *v, int64_t *vals, bool *known, int max) {
    return vector_value(v, vals, known, max, 0);
}

/* ---- creation ------------------------------------------------------------------- */
bool shape_const(Opcode op, IrValue **in, int nin, const Attrs *attrs, const Func *callee,
                 TensorType *out, int *nout, ShapeError *err) {
    (void)in, (void)nin, (void)callee;
    const Attr *v = attrs_get(attrs, "value");
    if (!v || v->kind != ATTR_TENSOR || !v->tensor)
        return shape_fail(err, op, "missing tensor attribute 'value'");
    if (v->tensor->dtype == DT_STRING && v->tensor->shape.rank != 0)
        return shape_fail(err, op, "string tensors must be scalars");
    out[0] = tensor_type(v->tensor->dtype, v->tensor->shape);
    *nout = 1;
    return true;
}

bool shape_fill(Opcode op, IrValue **in, int nin, const Attrs *attrs, const Func *callee,
                TensorType *out, int *nout, ShapeError *err) {
    (void)in, (void)nin, (void)callee;
    const Attr *dt = attrs_get(attrs, "dtype");
    const Attr *sh = attrs_get(attrs, "shape");
    const Attr *val = attrs_get(attrs, "value");
    if (!dt || dt->kind != ATTR_DTYPE) return shape_fail(err, op, "missing attribute 'dtype'");
    if (!sh || sh->kind != ATTR_SHAPE) return shape_fail(err, op, "missing attribute 'shape'");
    if (!val || (val->kind != ATTR_FLOAT && val->kind != ATTR_INT && val->kind != ATTR_BOOL))
        return shape_fail(err, op, "missing numeric attribute 'value'");
    if (dt->dtype == DT_STRING) return shape_fail(err, op, "cannot fill a string tensor");
    if (!shape_is_static(&sh->shape)) {
        char b[SHAPE_BUF];
        return shape_fail(err, op, "shape %s is not fully known",
                          shape_str(&sh->shape, b, sizeof b));
    }
    for (int i = 0; i < sh->shape.rank; i++)
        if (sh->shape.dims[i] < 0) return shape_fail(err, op, "dimensions must not be negative");
    out[0] = tensor_type(dt->dtype, sh->shape);
    *nout = 1;
    return true;
}

/* The value of a scalar defined by a const node, as a double, for static lengths. */
static bool value_const_scalar(const IrValue *v, double *x) {
    if (!v->def || v->def->op != OP_CONST) return false;
    const Attr *a = attrs_get(&v->def->attrs, "value");
    if (!a || a->kind != ATTR_TENSOR || !a->tensor || a->tensor->shape.rank != 0) return false;
    const void *d = a->tensor->data;
    switch (a->tensor->dtype) {
    case DT_INT32: *x = *(const int32_t *)d; return true;
    case DT_INT64: *x = (double)*(const int64_t *)d; return true;
    case DT_FLOAT32: *x = *(const float *)d; return true;
    case DT_FLOAT64: *x = *(const double *)d; return true;
    default: return false;
    }
}

bool shape_range(Opcode op, IrValue **in, int nin, const Attrs *attrs, const Func *callee,
                 TensorType *out, int *nout, ShapeError *err) {
    (void)nin, (void)attrs, (void)callee;
    static const char *const role[3] = {"start", "limit", "delta"};
    DType dt = in[0]->type.dtype;
    for (int i = 0; i < 3; i++) {
        char b[SHAPE_BUF];
        if (in[i]->type.shape.rank != 0)
            return shape_fail(err, op, "'%s' must be a scalar, got shape %s", role[i],
                              shape_str(&in[i]->type.shape, b, sizeof b));
        if (in[i]->type.dtype != dt)
            return shape_fail(err, op, "dtypes differ (%s vs %s)", dtype_name(dt),
                              dtype_name(in[i]->type.dtype));
    }
    if (!dtype_is_numeric(dt)) return shape_fail(err, op, "unsupported dtype %s", dtype_name(dt));
    Shape s = shape_scalar();
    s.rank = 1;
    s.dims[0] = DIM_UNKNOWN;
    double start, limit, delta;
    if (value_const_scalar(in[0], &start) && value_const_scalar(in[1], &limit) &&
        value_const_scalar(in[2], &delta)) {
        if (delta == 0) return shape_fail(err, op, "delta must not be zero");
        if ((delta > 0 && start > limit) || (delta < 0 && start < limit))
            return shape_fail(err, op, "requires start %s limit when delta %s 0: %g/%g",
                              delta > 0 ? "<=" : ">=", delta > 0 ? ">" : "<", start, limit);
        double n = ceil((limit - start) / delta);
        /* A count past int64 (or a NaN bound) has no tensor: refused before the cast,
           which would be undefined. */
        if (!(n < 0x1p63) && !(n <= 0))
            return shape_fail(err, op, "%g/%g/%g gives too many elements", start, limit, delta);
        s.dims[0] = n > 0 ? (int64_t)n : 0;
    }
    out[0] = tensor_type(dt, s);
    *nout = 1;
    return true;
}

bool shape_cast(Opcode op, IrValue **in, int nin, const Attrs *attrs, const Func *callee,
                TensorType *out, int *nout, ShapeError *err) {
    (void)nin, (void)callee;
    const Attr *dt = attrs_get(attrs, "dtype");
    if (!dt || dt->kind != ATTR_DTYPE) return shape_fail(err, op, "missing attribute 'dtype'");
    DType from = in[0]->type.dtype;
    /* No kernel casts strings, not even to string (the interpreter makes no node for a
       cast to the same dtype). */
    if (from == DT_STRING || dt->dtype == DT_STRING)
        return shape_fail(err, op, "cannot cast %s to %s", dtype_name(from), dtype_name(dt->dtype));
    out[0] = tensor_type(dt->dtype, in[0]->type.shape);
    *nout = 1;
    return true;
}

/* ---- elementwise ------------------------------------------------------------------ */
/* NumPy broadcasting, right-aligned. An unknown dim against 1 stays unknown; against
 * a known N it becomes N (the runtime checks it); two unknowns stay unknown. */
bool broadcast_shapes(Opcode op, const Shape *a, const Shape *b, Shape *out, ShapeError *err) {
    int rank = a->rank > b->rank ? a->rank : b->rank;
    Shape s = shape_scalar();
    s.rank = rank;
    for (int i = 0; i < rank; i++) {
        int ia = a->rank - rank + i, ib = b->rank - rank + i;
        int64_t da = ia >= 0 ? a->dims[ia] : 1, db = ib >= 0 ? b->dims[ib] : 1;
        int64_t d;
        if (da == db) d = da;
        else if (da == 1) d = db;
        else if (db == 1) d = da;
        else if (da == DIM_UNKNOWN) d = db;
        else if (db == DIM_UNKNOWN) d = da;
        else {
            char ba[SHAPE_BUF], bb[SHAPE_BUF];
            return shape_fail(err, op, "shapes %s and %s cannot be broadcast",
                              shape_str(a, ba, sizeof ba), shape_str(b, bb, sizeof bb));
        }
        s.dims[i] = d;
    }
    *out = s;
    return true;
}

bool same_dtype(Opcode op, IrValue **in, ShapeError *err) {
    if (in[0]->type.dtype == in[1]->type.dtype) return true;
    return shape_fail(err, op, "dtypes differ (%s vs %s)", dtype_name(in[0]->type.dtype),
                      dtype_name(in[1]->type.dtype));
}

/* The one output of a two-operand op: the operands' broadcast shape, of dtype dt. */
static bool broadcast_result(Opcode op, IrValue **in, DType dt, TensorType *out, int *nout,
                             ShapeError *err) {
    Shape s = {0};
    if (!broadcast_shapes(op, &in[0]->type.shape, &in[1]->type.shape, &s, err)) return false;
    out[0] = tensor_type(dt, s);
    *nout = 1;
    return true;
}

bool shape_broadcast(Opcode op, IrValue **in, int nin, const Attrs *attrs, const Func *callee,
                     TensorType *out, int *nout, ShapeError *err) {
    (void)nin, (void)attrs, (void)callee;
    if (!same_dtype(op, in, err)) return false;
    DType dt = in[0]->type.dtype;
    if (!dtype_is_numeric(dt)) return shape_fail(err, op, "unsupported dtype %s", dtype_name(dt));
    return broadcast_result(op, in, dt, out, nout, err);
}

/* The fusion pass's loop over float inputs of one shape and 0-d ones (ops.def). */
bool shape_elementwise(Opcode op, IrValue **in, int nin, const Attrs *attrs, const Func *callee,
                       TensorType *out, int *nout, ShapeError *err) {
    (void)callee;
    const Attr *expr = attrs_get(attrs, "expr");
    if (nin < 1 || !expr || expr->kind != ATTR_STRING)
        return shape_fail(err, op, "takes one or more inputs and an \"expr\" string");
    if (!ew_expr_valid(expr->s, nin))
        return shape_fail(err, op, "expr \"%s\" is not elementwise arithmetic over $0..$%d",
                          expr->s, nin - 1);
    DType dt = in[0]->type.dtype;
    if (!dtype_is_float(dt))
        return shape_fail(err, op, "expected floating-point inputs, got %s", dtype_name(dt));
    Shape s = {0};
    for (int i = 0; i < nin; i++) {
        if (in[i]->type.dtype != dt)
            return shape_fail(err, op, "inputs of dtypes %s and %s", dtype_name(dt),
                              dtype_name(in[i]->type.dtype));
        Shape next;
        if (!broadcast_shapes(op, &s, &in[i]->type.shape, &next, err)) return false;
        s = next;
    }
    /* What the loop reads: an operand of the result's shape, 0-d, or a row of its last
       dim (the pass's operand_fits). */
    for (int i = 0; i < nin; i++) {
        const Shape *v = &in[i]->type.shape;
        bool row = v->rank == 1 && s.rank > 1 && v->dims[0] == s.dims[s.rank - 1];
        if (v->rank != 0 && !row && !shape_equal(v, &s)) {
            char bv[SHAPE_BUF], bs[SHAPE_BUF];
            return shape_fail(err, op, "operand %d of shape %s is not of the result's %s, 0-d "
                              "or a row of its last dim", i, shape_str(v, bv, sizeof bv),
                              shape_str(&s, bs, sizeof bs));
        }
    }
    out[0] = tensor_type(dt, s);
    *nout = 1;
    return true;
}

/* True division is float only: the front end casts integers to float64 first. */
bool shape_broadcast_float(Opcode op, IrValue **in, int nin, const Attrs *attrs, const Func *callee,
                           TensorType *out, int *nout, ShapeError *err) {
    if (!same_dtype(op, in, err)) return false;
    if (!dtype_is_float(in[0]->type.dtype))
        return shape_fail(err, op, "expected floating-point operands, got %s",
                          dtype_name(in[0]->type.dtype));
    return shape_broadcast(op, in, nin, attrs, callee, out, nout, err);
}

bool shape_compare(Opcode op, IrValue **in, int nin, const Attrs *attrs, const Func *callee,
                   TensorType *out, int *nout, ShapeError *err) {
    (void)nin, (void)attrs, (void)callee;
    if (!same_dtype(op, in, err)) return false;
    /* Bools are equal or not, but not ordered: TensorFlow's Less has no bool kernel,
       nor has the runtime's. */
    DType dt = in[0]->type.dtype;
    if (dt == DT_STRING || (dt == DT_BOOL && op != OP_EQUAL && op != OP_NOT_EQUAL))
        return shape_fail(err, op, "unsupported dtype %s", dtype_name(dt));
    return broadcast_result(op, in, DT_BOOL, out, nout, err);
}

/* logical_and / logical_or: bool operands, broadcast like the arithmetic ops. */
bool shape_broadcast_bool(Opcode op, IrValue **in, int nin, const Attrs *attrs, const Func *callee,
                          TensorType *out, int *nout, ShapeError *err) {
    (void)nin, (void)attrs, (void)callee;
    for (int i = 0; i < 2; i++)
        if (in[i]->type.dtype != DT_BOOL)
            return shape_fail(err, op, "expected bool operands, got %s",
                              dtype_name(in[i]->type.dtype));
    return broadcast_result(op, in, DT_BOOL, out, nout, err);
}

bool shape_unary(Opcode op, IrValue **in, int nin, const Attrs *attrs, const Func *callee,
                 TensorType *out, int *nout, ShapeError *err) {
    (void)op, (void)nin, (void)attrs, (void)callee, (void)err;
    out[0] = in[0]->type;
    *nout = 1;
    return true;
}

bool shape_unary_numeric(Opcode op, IrValue **in, int nin, const Attrs *attrs, const Func *callee,
                         TensorType *out, int *nout, ShapeError *err) {
    if (!dtype_is_numeric(in[0]->type.dtype))
        return shape_fail(err, op, "unsupported dtype %s", dtype_name(in[0]->type.dtype));
    return shape_unary(op, in, nin, attrs, callee, out, nout, err);
}

/* relu_grad(dy, x): one float dtype and one shape, no broadcasting (unknown dims are
   the runtime's to check). */
bool shape_same_float(Opcode op, IrValue **in, int nin, const Attrs *attrs, const Func *callee,
                      TensorType *out, int *nout, ShapeError *err) {
    (void)nin, (void)attrs, (void)callee;
    if (!same_dtype(op, in, err)) return false;
    if (!dtype_is_float(in[0]->type.dtype))
        return shape_fail(err, op, "unsupported dtype %s", dtype_name(in[0]->type.dtype));
    const Shape *a = &in[0]->type.shape, *b = &in[1]->type.shape;
    bool fits = a->rank == b->rank;
    for (int i = 0; fits && i < a->rank; i++)
        fits = a->dims[i] == DIM_UNKNOWN || b->dims[i] == DIM_UNKNOWN || a->dims[i] == b->dims[i];
    if (!fits) {
        char ba[SHAPE_BUF], bb[SHAPE_BUF];
        return shape_fail(err, op, "shapes %s and %s differ", shape_str(a, ba, sizeof ba),
                          shape_str(b, bb, sizeof bb));
    }
    out[0] = in[0]->type;
    *nout = 1;
    return true;
}

/* exp, log, sqrt, floor ...: float32 or float64, as TensorFlow registers them. */
bool shape_unary_float(Opcode op, IrValue **in, int nin, const Attrs *attrs, const Func *callee,
                       TensorType *out, int *nout, ShapeError *err) {
    if (!dtype_is_float(in[0]->type.dtype))
        return shape_fail(err, op, "expected a float32 or float64 operand, got %s",
                          dtype_name(in[0]->type.dtype));
    return shape_unary(op, in, nin, attrs, callee, out, nout, err);
}

bool shape_unary_bool(Opcode op, IrValue **in, int nin, const Attrs *attrs, const Func *callee,
                      TensorType *out, int *nout, ShapeError *err) {
    if (in[0]->type.dtype != DT_BOOL)
        return shape_fail(err, op, "expected a bool operand, got %s",
                          dtype_name(in[0]->type.dtype));
    return shape_unary(op, in, nin, attrs, callee, out, nout, err);
}

/* ---- linear algebra and reductions ------------------------------------------------ */
/* [..., m, k] x [..., k, n] -> [..., m, n] after the optional transposes of the last
   two dims; the batch dims broadcast (TensorFlow's BatchMatMulV2). */
bool shape_matmul(Opcode op, IrValue **in, int nin, const Attrs *attrs, const Func *callee,
                  TensorType *out, int *nout, ShapeError *err) {
    (void)nin, (void)callee;
    const Shape *a = &in[0]->type.shape, *b = &in[1]->type.shape;
    char ba[SHAPE_BUF], bb[SHAPE_BUF];
    shape_str(a, ba, sizeof ba);
    shape_str(b, bb, sizeof bb);
    if (a->rank < 2 || b->rank < 2)
        return shape_fail(
            err, op, "shapes %s and %s are incompatible: both must have rank 2 or more", ba, bb);
    if (!same_dtype(op, in, err)) return false;
    DType dt = in[0]->type.dtype;
    if (!dtype_is_numeric(dt)) return shape_fail(err, op, "unsupported dtype %s", dtype_name(dt));
    bool ta = attr_int_or(attrs, "transpose_a", 0), tb = attr_int_or(attrs, "transpose_b", 0);
    int64_t m = a->dims[a->rank - (ta ? 1 : 2)], k1 = a->dims[a->rank - (ta ? 2 : 1)];
    int64_t k2 = b->dims[b->rank - (tb ? 1 : 2)], n = b->dims[b->rank - (tb ? 2 : 1)];
    if (k1 != DIM_UNKNOWN && k2 != DIM_UNKNOWN && k1 != k2)
        return shape_fail(err, op,
                          "shapes %s and %s are incompatible: inner dimensions differ (%" PRId64
                          " vs %" PRId64 ")",
                          ba, bb, k1, k2);
    Shape batch_a = shape_of(a->rank - 2, a->dims), batch_b = shape_of(b->rank - 2, b->dims), s;
    if (!broadcast_shapes(op, &batch_a, &batch_b, &s, err)) return false;
    if (s.rank + 2 > IR_MAX_RANK) return shape_fail(err, op, "rank above %d", IR_MAX_RANK);
    s.dims[s.rank++] = m;
    s.dims[s.rank++] = n;
    out[0] = tensor_type(dt, s);
    *nout = 1;
    return true;
}

/* "axis": the reduced axes, already normalised to [0, rank) by the front end; absent
 * means every axis. "keepdims": keep reduced axes as 1. */
static bool reduce_result(Opcode op, IrValue **in, const Attrs *attrs, TensorType *out, int *nout,
                          ShapeError *err) {
    const Shape *x = &in[0]->type.shape;
    DType dt = in[0]->type.dtype;
    const Attr *axis = attrs_get(attrs, "axis");
    const Attr *keep = attrs_get(attrs, "keepdims");
    if (axis && axis->kind != ATTR_INTS)
        return shape_fail(err, op, "attribute 'axis' must be a list of ints");
    if (keep && keep->kind != ATTR_BOOL)
        return shape_fail(err, op, "attribute 'keepdims' must be a bool");
    bool keepdims = keep && keep->i;
    bool reduced[IR_MAX_RANK] = {false};
    if (!axis) {
        for (int i = 0; i < x->rank; i++) reduced[i] = true;
    } else {
        for (int j = 0; j < axis->ints.len; j++) {
            int64_t a = axis->ints.items[j];
            if (a < 0 || a >= x->rank)
                return shape_fail(err, op,
                                  "axis %" PRId64 " is out of range for a tensor of rank %d", a,
                                  x->rank);
            if (reduced[a]) return shape_fail(err, op, "axis %" PRId64 " is repeated", a);
            reduced[a] = true;
        }
    }
    Shape s = shape_scalar();
    for (int i = 0; i < x->rank; i++) {
        if (!reduced[i]) s.dims[s.rank++] = x->dims[i];
        else if (keepdims) s.dims[s.rank++] = 1;
    }
    out[0] = tensor_type(dt, s);
    *nout = 1;
    return true;
}

bool shape_reduce(Opcode op, IrValue **in, int nin, const Attrs *attrs, const Func *callee,
                  TensorType *out, int *nout, ShapeError *err) {
    (void)nin, (void)callee;
    DType dt = in[0]->type.dtype;
    if (!dtype_is_numeric(dt)) return shape_fail(err, op, "unsupported dtype %s", dtype_name(dt));
    return reduce_result(op, in, attrs, out, nout, err);
}

/* reduce_all / reduce_any: bool in, bool out. */
bool shape_reduce_bool(Opcode op, IrValue **in, int nin, const Attrs *attrs, const Func *callee,
                       TensorType *out, int *nout, ShapeError *err) {
    (void)nin, (void)callee;
    if (in[0]->type.dtype != DT_BOOL)
        return shape_fail(err, op, "expected a bool operand, got %s",
                          dtype_name(in[0]->type.dtype));
    return reduce_result(op, in, attrs, out, nout, err);
}

/* argmax / argmin: "axis" (normalised) removed; int64 out. */
bool shape_arg_reduce(Opcode op, IrValue **in, int nin, const Attrs *attrs, const Func *callee,
                      TensorType *out, int *nout, ShapeError *err) {
    (void)nin, (void)callee;
    const Shape *x = &in[0]->type.shape;
    if (!dtype_is_numeric(in[0]->type.dtype))
        return shape_fail(err, op, "unsupported dtype %s", dtype_name(in[0]->type.dtype));
    int64_t axis = attr_int_or(attrs, "axis", 0);
    if (x->rank == 0 || axis < 0 || axis >= x->rank)
        return shape_fail(err, op, "axis %" PRId64 " is out of range for a tensor of rank %d", axis,
                          x->rank);
    if (x->dims[axis] == 0) {
        char b[SHAPE_BUF];
        return shape_fail(err, op, "Reduction axis %" PRId64 " is empty in shape %s", axis,
                          shape_str(x, b, sizeof b));
    }
    Shape s = shape_scalar();
    for (int i = 0; i < x->rank; i++)
        if (i != axis) s.dims[s.rank++] = x->dims[i];
    out[0] = tensor_type(DT_INT64, s);
    *nout = 1;
    return true;
}

/* ---- indexing and shapes ----------------------------------------------------------- */
/* tf.gather(x, indices, axis): out = x.shape[:axis] + indices.shape + x.shape[axis+1:]
 * ("axis" normalised; absent means 0). The indices' range is checked at run time. */
bool shape_gather(Opcode op, IrValue **in, int nin, const Attrs *attrs, const Func *callee,
                  TensorType *out, int *nout, ShapeError *err) {
    (void)nin, (void)callee;
    const Shape *x = &in[0]->type.shape, *idx = &in[1]->type.shape;
    if (!dtype_is_integer(in[1]->type.dtype))
        return shape_fail(err, op, "indices must be int32 or int64, got %s",
                          dtype_name(in[1]->type.dtype));
    if (shape_string_refused(op, in[0], err)) return false;
    if (x->rank < 1) return shape_fail(err, op, "params must be at least 1-dimensional");
    int64_t axis = attr_int_or(attrs, "axis", 0);
    if (axis < 0 || axis >= x->rank)
        return shape_fail(err, op, "axis %" PRId64 " is out of range for params of rank %d", axis,
                          x->rank);
    int rank = idx->rank + x->rank - 1;
    if (rank > IR_MAX_RANK)
        return shape_fail(err, op, "the result would have rank %d, more than %d", rank,
                          IR_MAX_RANK);
    Shape s = shape_scalar();
    for (int i = 0; i < axis; i++) s.dims[s.rank++] = x->dims[i];
    for (int i = 0; i < idx->rank; i++) s.dims[s.rank++] = idx->dims[i];
    for (int i = (int)axis + 1; i < x->rank; i++) s.dims[s.rank++] = x->dims[i];
    out[0] = tensor_type(in[0]->type.dtype, s);
    *nout = 1;
    return true;
}

/* tf.shape(x): int32[rank] holding the run-time dims. */
bool shape_shape(Opcode op, IrValue **in, int nin, const Attrs *attrs, const Func *callee,
                 TensorType *out, int *nout, ShapeError *err) {
    (void)nin, (void)attrs, (void)callee;
    const Shape *x = &in[0]->type.shape;
    /* The result is int32, as tf.shape's default: a dim it cannot hold is an error
       (TensorFlow's too), not a wrapped number. The runtime checks unknown dims. */
    for (int i = 0; i < x->rank; i++)
        if (x->dims[i] > INT32_MAX)
            return shape_fail(err, op,
                              "dim %d of the input is %" PRId64 ", more than an int32 shape can "
                              "hold; use tf.shape(x, out_type=tf.int64)",
                              i, x->dims[i]);
    Shape s = shape_scalar();
    s.rank = 1;
    s.dims[0] = x->rank;
    out[0] = tensor_type(DT_INT32, s);
    *nout = 1;
    return true;
}

/* replica_id(): an int32 scalar. */
bool shape_replica_id(Opcode op, IrValue **in, int nin, const Attrs *attrs, const Func *callee,
                      TensorType *out, int *nout, ShapeError *err) {
    (void)op, (void)in, (void)nin, (void)attrs, (void)callee, (void)err;
    out[0] = tensor_type(DT_INT32, (Shape){.rank = 0});
    *nout = 1;
    return true;
}

/* ---- effects and calls ------------------------------------------------------------ */
bool shape_none(Opcode op, IrValue **in, int nin, const Attrs *attrs, const Func *callee,
                TensorType *out, int *nout, ShapeError *err) {
    (void)op, (void)in, (void)nin, (void)attrs, (void)callee, (void)out, (void)err;
    *nout = 0;
    return true;
}

/* A parameter's type accepts an argument of the same dtype and rank whose dims equal
 * the parameter's known dims (an unknown parameter dim accepts anything). */
static bool type_accepts(const TensorType *param, const TensorType *arg) {
    if (param->dtype != arg->dtype || param->shape.rank != arg->shape.rank) return false;
    for (int i = 0; i < param->shape.rank; i++)
        if (param->shape.dims[i] != DIM_UNKNOWN && param->shape.dims[i] != arg->shape.dims[i])
            return false;
    return true;
}

static bool types_same(const TensorType *a, const TensorType *b) {
    return a->dtype == b->dtype && shape_equal(&a->shape, &b->shape);
}

bool shape_call(Opcode op, IrValue **in, int nin, const Attrs *attrs, const Func *callee,
                TensorType *out, int *nout, ShapeError *err) {
    (void)attrs;
    if (!callee || !callee->body) return shape_fail(err, op, "no function to call");
    const Region *body = callee->body;
    if (nin != body->nparams)
        return shape_fail(err, op, "'%s' takes %d argument%s, got %d", callee->name, body->nparams,
                          body->nparams == 1 ? "" : "s", nin);
    for (int i = 0; i < nin; i++) {
        if (!type_accepts(&body->params[i]->type, &in[i]->type)) {
            char bp[SHAPE_BUF + 8], ba[SHAPE_BUF + 8];
            return shape_fail(err, op, "argument %d of '%s' is %s, expected %s", i + 1,
                              callee->name, type_str(&in[i]->type, ba, sizeof ba),
                              type_str(&body->params[i]->type, bp, sizeof bp));
        }
    }
    for (int i = 0; i < body->nresults; i++) {
        if (!body->results || !body->results[i])
            return shape_fail(err, op, "'%s' has no results yet", callee->name);
        out[i] = body->results[i]->type;
    }
    *nout = body->nresults;
    return true;
}

/* ---- control flow ----------------------------------------------------------------- */
/* cond and while take their outputs from their regions, which only
 * shape_infer_regions passes; through shape_infer they are always an error. */
bool shape_cond(Opcode op, IrValue **in, int nin, const Attrs *attrs, const Func *callee,
                TensorType *out, int *nout, ShapeError *err) {
    (void)in, (void)nin, (void)attrs, (void)callee, (void)out, (void)nout;
    return shape_fail(err, op, "needs its regions (build it with build_cond)");
}

bool shape_while(Opcode op, IrValue **in, int nin, const Attrs *attrs, const Func *callee,
                 TensorType *out, int *nout, ShapeError *err) {
    (void)in, (void)nin, (void)attrs, (void)callee, (void)out, (void)nout;
    return shape_fail(err, op, "needs its regions (build it with build_while)");
}

static bool type_is_bool_scalar(const TensorType *t) {
    return t->dtype == DT_BOOL && t->shape.rank == 0;
}

static bool region_results_present(const Region *r) {
    if (r->nresults > 0 && !r->results) return false;
    for (int i = 0; i < r->nresults; i++)
        if (!r->results[i]) return false;
    return true;
}

static bool region_params_present(const Region *r) {
    for (int i = 0; i < r->nparams; i++)
        if (!r->params[i]) return false;
    return true;
}

/* Output i joins the branches' results: same dtype and rank, each dim the common one
 * or unknown where they differ. */
static bool shape_cond_regions(Opcode op, IrValue **in, Region *const *rg, TensorType *out,
                               int *nout, ShapeError *err) {
    char b1[SHAPE_BUF + 8], b2[SHAPE_BUF + 8];
    if (!type_is_bool_scalar(&in[0]->type))
        return shape_fail(err, op, "the predicate must be a bool scalar, got %s",
                          type_str(&in[0]->type, b1, sizeof b1));
    const Region *t = rg[0], *e = rg[1];
    if (t->nparams || e->nparams) return shape_fail(err, op, "branches take no parameters");
    if (!region_results_present(t) || !region_results_present(e))
        return shape_fail(err, op, "a branch has no results yet");
    if (t->nresults != e->nresults)
        return shape_fail(err, op, "the branches yield %d and %d values", t->nresults, e->nresults);
    for (int i = 0; i < t->nresults; i++) {
        const TensorType *a = &t->results[i]->type, *b = &e->results[i]->type;
        if (a->dtype != b->dtype || a->shape.rank != b->shape.rank)
            return shape_fail(err, op, "value %d is %s in one branch and %s in the other", i + 1,
                              type_str(a, b1, sizeof b1), type_str(b, b2, sizeof b2));
        out[i] = *a;
        for (int d = 0; d < a->shape.rank; d++)
            if (a->shape.dims[d] != b->shape.dims[d]) out[i].shape.dims[d] = DIM_UNKNOWN;
    }
    *nout = t->nresults;
    return true;
}

/* The loop-carried values: inputs enter as the params, the body yields their next
 * values; both must fit the params' types (an unknown param dim fits anything). */
static bool shape_while_regions(Opcode op, IrValue **in, int nin, Region *const *rg,
                                TensorType *out, int *nout, ShapeError *err) {
    char b1[SHAPE_BUF + 8], b2[SHAPE_BUF + 8];
    const Region *c = rg[0], *body = rg[1];
    if (c->nparams != nin || body->nparams != nin)
        return shape_fail(err, op, "%d loop variable%s but the condition takes %d and the body %d",
                          nin, nin == 1 ? "" : "s", c->nparams, body->nparams);
    if (!region_params_present(c) || !region_params_present(body))
        return shape_fail(err, op, "a region parameter is missing");
    if (!region_results_present(c) || !region_results_present(body))
        return shape_fail(err, op, "a region has no results yet");
    for (int i = 0; i < nin; i++) {
        const TensorType *p = &body->params[i]->type;
        if (!types_same(&c->params[i]->type, p))
            return shape_fail(err, op, "loop variable %d is %s in the condition but %s in the body",
                              i + 1, type_str(&c->params[i]->type, b1, sizeof b1),
                              type_str(p, b2, sizeof b2));
        if (!type_accepts(p, &in[i]->type))
            return shape_fail(err, op, "loop variable %d enters the loop as %s, expected %s", i + 1,
                              type_str(&in[i]->type, b1, sizeof b1), type_str(p, b2, sizeof b2));
    }
    if (c->nresults != 1 || !type_is_bool_scalar(&c->results[0]->type))
        return shape_fail(err, op, "the condition must yield one bool scalar");
    if (body->nresults != nin)
        return shape_fail(err, op, "the body yields %d value%s for %d loop variable%s",
                          body->nresults, body->nresults == 1 ? "" : "s", nin, nin == 1 ? "" : "s");
    for (int i = 0; i < nin; i++) {
        const TensorType *p = &body->params[i]->type, *y = &body->results[i]->type;
        if (!type_accepts(p, y))
            return shape_fail(err, op, "loop variable %d is %s after an iteration, expected %s",
                              i + 1, type_str(y, b1, sizeof b1), type_str(p, b2, sizeof b2));
        out[i] = *p;
    }
    *nout = nin;
    return true;
}

/* ---- flags -------------------------------------------------------------------------- */
/* A program flag: a scalar of the flag's dtype (attribute 'dtype'), named by 'name'. */
bool shape_flag(Opcode op, IrValue **in, int nin, const Attrs *attrs, const Func *callee,
                TensorType *out, int *nout, ShapeError *err) {
    (void)in, (void)nin, (void)callee;
    const Attr *name = attrs_get(attrs, "name");
    const Attr *dt = attrs_get(attrs, "dtype");
    if (!name || name->kind != ATTR_STRING || !name->s || !*name->s)
        return shape_fail(err, op, "missing string attribute 'name'");
    if (!dt || dt->kind != ATTR_DTYPE) return shape_fail(err, op, "missing attribute 'dtype'");
    out[0] = tensor_type(dt->dtype, shape_scalar());
    *nout = 1;
    return true;
}

/* ---- random draws -------------------------------------------------------------------- */
bool op_is_random(Opcode op) {
    return op == OP_RANDOM_UNIFORM || op == OP_RANDOM_UNIFORM_INT || op == OP_RANDOM_NORMAL ||
           op == OP_RANDOM_TRUNCATED_NORMAL || op == OP_RANDOM_PERMUTATION;
}

/* random_permutation(n, epochs): int64[n * epochs], both int64 scalars; "buffer_size"
   an int >= 1. */
bool shape_random_permutation(Opcode op, IrValue **in, int nin, const Attrs *attrs,
                              const Func *callee, TensorType *out, int *nout, ShapeError *err) {
    (void)callee;
    for (int i = 0; i < nin; i++)
        if (in[i]->type.dtype != DT_INT64 || in[i]->type.shape.rank != 0)
            return shape_fail(err, op, "%s must be an int64 scalar", i ? "epochs" : "n");
    const Attr *b = attrs_get(attrs, "buffer_size");
    if (!b || b->kind != ATTR_INT || b->i < 1)
        return shape_fail(err, op, "needs an int attribute 'buffer_size' of at least 1");
    Shape s = {.rank = 1, .dims = {DIM_UNKNOWN}};
    out[0] = tensor_type(DT_INT64, s);
    *nout = 1;
    return true;
}

/* A draw of attribute 'shape' (static) and 'dtype': floats for uniform (minval, maxval)
 * and the normals (mean, stddev), ints for uniform_int (minval < maxval). The state
 * variable (Inst.global) is the verifier's to check: the outputs do not depend on it. */
bool shape_random(Opcode op, IrValue **in, int nin, const Attrs *attrs, const Func *callee,
                  TensorType *out, int *nout, ShapeError *err) {
    (void)in, (void)nin, (void)callee;
    const Attr *dt = attrs_get(attrs, "dtype");
    const Attr *sh = attrs_get(attrs, "shape");
    if (!dt || dt->kind != ATTR_DTYPE) return shape_fail(err, op, "missing attribute 'dtype'");
    if (!sh || sh->kind != ATTR_SHAPE) return shape_fail(err, op, "missing attribute 'shape'");
    bool is_int = op == OP_RANDOM_UNIFORM_INT;
    if (is_int ? !(dt->dtype == DT_INT32 || dt->dtype == DT_INT64) : !dtype_is_float(dt->dtype))
        return shape_fail(err, op, "unsupported dtype %s (expected %s)", dtype_name(dt->dtype),
                          is_int ? "int32 or int64" : "float32 or float64");
    char b[SHAPE_BUF];
    if (!shape_is_static(&sh->shape))
        return shape_fail(err, op, "shape %s is not fully known",
                          shape_str(&sh->shape, b, sizeof b));
    for (int i = 0; i < sh->shape.rank; i++)
        if (sh->shape.dims[i] < 0) return shape_fail(err, op, "dimensions must not be negative");
    bool is_uniform = op == OP_RANDOM_UNIFORM || is_int;
    const char *k0 = is_uniform ? "minval" : "mean", *k1 = is_uniform ? "maxval" : "stddev";
    const Attr *a0 = attrs_get(attrs, k0), *a1 = attrs_get(attrs, k1);
    AttrKind want = is_int ? ATTR_INT : ATTR_FLOAT;
    if (!a0 || a0->kind != want)
        return shape_fail(err, op, "missing %s attribute '%s'", is_int ? "int" : "float", k0);
    if (!a1 || a1->kind != want)
        return shape_fail(err, op, "missing %s attribute '%s'", is_int ? "int" : "float", k1);
    if (is_int && a0->i >= a1->i)
        return shape_fail(err, op, "need minval < maxval, got %" PRId64 " >= %" PRId64, a0->i,
                          a1->i);
    out[0] = tensor_type(dt->dtype, sh->shape);
    *nout = 1;
    return true;
}

/* ---- variables ------------------------------------------------------------------- */
/* Variable ops need their Global, which only shape_infer_var passes. */
bool shape_var(Opcode op, IrValue **in, int nin, const Attrs *attrs, const Func *callee,
               TensorType *out, int *nout, ShapeError *err) {
    (void)in, (void)nin, (void)attrs, (void)callee, (void)out, (void)nout;
    return shape_fail(err, op,
                      "needs its variable (build it with build_read_var or build_assign_var)");
}

bool shape_infer_var(Opcode op, const Global *g, IrValue **inputs, int ninputs, TensorType *out,
                     int *nout, ShapeError *err) {
    IG_ASSERT(op >= 0 && op < OP__COUNT);
    *nout = 0;
    shape_error_clear(err);
    if (!op_is_var(op)) return shape_fail(err, op, "is not a variable op");
    if (!g) return shape_fail(err, op, "no variable");
    int want = op_info[op].ninputs;
    if (ninputs != want)
        return shape_fail(err, op, "expected %d input%s, got %d", want, want == 1 ? "" : "s",
                          ninputs);
    if (op == OP_READ_VAR) {
        out[0] = g->type;
        *nout = 1;
        return true;
    }
    if (!inputs[0]) return shape_fail(err, op, "input 1 is missing");
    const TensorType *v = &inputs[0]->type;
    if (v->dtype != g->type.dtype)
        return shape_fail(err, op, "variable '%s' is %s, the value is %s", g->name,
                          dtype_name(g->type.dtype), dtype_name(v->dtype));
    if ((op == OP_ASSIGN_ADD_VAR || op == OP_ASSIGN_SUB_VAR) && !dtype_is_numeric(v->dtype))
        return shape_fail(err, op, "unsupported dtype %s", dtype_name(v->dtype));
    /* The variable's shape is static; a value's unknown dims are checked at run time. */
    bool fits = v->shape.rank == g->type.shape.rank;
    for (int i = 0; fits && i < v->shape.rank; i++)
        fits = v->shape.dims[i] == DIM_UNKNOWN || v->shape.dims[i] == g->type.shape.dims[i];
    if (!fits) {
        char bg[SHAPE_BUF], bv[SHAPE_BUF];
        return shape_fail(err, op, "variable '%s' has shape %s, the value has shape %s", g->name,
                          shape_str(&g->type.shape, bg, sizeof bg),
                          shape_str(&v->shape, bv, sizeof bv));
    }
    return true;
}

/* ---- dispatch --------------------------------------------------------------------- */
static ShapeRule *const shape_rules[OP__COUNT] = {
#define OP(code, name, inputs, effect, shape_rule, rt, abi, tf_type)                               \
    [OP_##code] = shape_##shape_rule,
#include "ops.def"
#undef OP
};

/* Every result must be one the runtime can make: a string is a scalar, and a static
 * shape's element
 * count fits in int64 and its bytes in IG_MAX_TENSOR_BYTES (ingot/size.h's helpers, which
 * the runtime checks again for shapes known only when the program runs). Eagerly every
 * shape is concrete, so there this is the run-time check. */
static bool check_sizes(Opcode op, const TensorType *out, int nout, ShapeError *err) {
    for (int i = 0; i < nout; i++) {
        const Shape *s = &out[i].shape;
        /* The runtime's string tensors are scalars (a buffer of text, not elements). */
        char b[SHAPE_BUF];
        if (out[i].dtype == DT_STRING && s->rank > 0)
            return shape_unsupported(err, op,
                                     "a string tensor of shape %s (Ingot's string "
                                     "tensors are scalars)",
                                     shape_str(s, b, sizeof b));
        if (!shape_is_static(s) || out[i].dtype == DT_STRING) continue;
        int64_t n, bytes;
        double approx = ig_size_count_approx(s->rank, s->dims);
        if (ig_size_empty_too_large(s->rank, s->dims))
            return shape_unsupported(
                err, op,
                "the empty shape %s, whose other dims "
                "multiply to %.2g, more than an int64 holds (the kernels' strides would "
                "overflow)",
                shape_str(s, b, sizeof b), approx);
        if (!ig_size_count(s->rank, s->dims, &n))
            return shape_fail(err, op, "shape %s has %.2g elements, more than an int64 can count",
                              shape_str(s, b, sizeof b), approx);
        if (!ig_size_bytes_of((int64_t)dtype_size(out[i].dtype), s->rank, s->dims, &bytes))
            return shape_fail(
                err, op,
                "shape %s has %.2g elements (%.2g bytes of %s), more than the %.2g bytes a "
                "tensor can have",
                shape_str(s, b, sizeof b), approx, approx * (double)dtype_size(out[i].dtype),
                dtype_name(out[i].dtype), (double)IG_MAX_TENSOR_BYTES);
    }
    return true;
}

bool shape_infer(Opcode op, IrValue **inputs, int ninputs, const Attrs *attrs, const Func *callee,
                 TensorType *out, int *nout, ShapeError *err) {
    IG_ASSERT(op >= 0 && op < OP__COUNT);
    *nout = 0;
    shape_error_clear(err);
    int want = op_info[op].ninputs;
    if (want >= 0 && ninputs != want)
        return shape_fail(err, op, "expected %d input%s, got %d", want, want == 1 ? "" : "s",
                          ninputs);
    for (int i = 0; i < ninputs; i++)
        if (!inputs[i]) return shape_fail(err, op, "input %d is missing", i + 1);
    if (callee && op != OP_CALL) return shape_fail(err, op, "only 'call' has a callee");
    return shape_rules[op](op, inputs, ninputs, attrs, callee, out, nout, err) &&
           check_sizes(op, out, *nout, err);
}

bool shape_infer_regions(Opcode op, IrValue **inputs, int ninputs, const Attrs *attrs,
                         const Func *callee, Region *const *regions, int nregions, TensorType *out,
                         int *nout, ShapeError *err) {
    IG_ASSERT(op >= 0 && op < OP__COUNT);
    if (op_info[op].nregions == 0) {
        if (nregions != 0) {
            *nout = 0;
            return shape_fail(err, op, "takes no regions");
        }
        return shape_infer(op, inputs, ninputs, attrs, callee, out, nout, err);
    }
    *nout = 0;
    shape_error_clear(err);
    int want = op_info[op].ninputs;
    if (want >= 0 && ninputs != want)
        return shape_fail(err, op, "expected %d input%s, got %d", want, want == 1 ? "" : "s",
                          ninputs);
    for (int i = 0; i < ninputs; i++)
        if (!inputs[i]) return shape_fail(err, op, "input %d is missing", i + 1);
    if (callee) return shape_fail(err, op, "only 'call' has a callee");
    if (attrs && attrs->len) return shape_fail(err, op, "takes no attributes");
    if (nregions != op_info[op].nregions)
        return shape_fail(err, op, "expected %d regions, got %d", op_info[op].nregions, nregions);
    for (int i = 0; i < nregions; i++)
        if (!regions[i]) return shape_fail(err, op, "region %d is missing", i + 1);
    switch (op) {
    case OP_COND: return shape_cond_regions(op, inputs, regions, out, nout, err);
    case OP_WHILE: return shape_while_regions(op, inputs, ninputs, regions, out, nout, err);
    default: UNREACHABLE();
    }
}
