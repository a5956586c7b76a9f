/* shape_io.c — shape rules of the file ops (ops.def's "Files"): the loaders, whose
 * result is what the program declares it expects of the file (attributes "dtype" and
 * "shape", -1 for a dim the file decides; the runtime checks the file against it),
 * the writers, the string-valued checkpoint bookkeeping, and Keras's progress bar.
 * Memory owner: none. */
#include "shape_rules.h"

static bool is_string_scalar(const IrValue *v) {
    return v->type.dtype == DT_STRING && v->type.shape.rank == 0;
}

static bool check_path(Opcode op, IrValue *path, const char *what, ShapeError *err) {
    if (is_string_scalar(path)) return true;
    return shape_fail(err, op, "%s must be a string scalar, got %s", what,
                      dtype_name(path->type.dtype));
}

bool shape_load(Opcode op, IrValue **in, int nin, const Attrs *attrs, const Func *callee,
                TensorType *out, int *nout, ShapeError *err) {
    (void)callee;
    if (!check_path(op, in[0], "the path", err)) return false;
    const Attr *dt = attrs_get(attrs, "dtype"), *sh = attrs_get(attrs, "shape");
    if (!dt || dt->kind != ATTR_DTYPE || dt->dtype == DT_STRING)
        return shape_fail(err, op, "needs a numeric or bool attribute 'dtype'");
    if (!sh || sh->kind != ATTR_INTS || sh->ints.len > IR_MAX_RANK)
        return shape_fail(err, op, "needs an attribute 'shape' of at most %d ints", IR_MAX_RANK);
    Shape s = {.rank = sh->ints.len};
    for (int i = 0; i < s.rank; i++) {
        if (sh->ints.items[i] < DIM_UNKNOWN)
            return shape_fail(err, op, "dim %d of 'shape' is %lld", i,
                              (long long)sh->ints.items[i]);
        s.dims[i] = sh->ints.items[i];
    }
    if (op == OP_LOAD_CSV && s.rank != 2)
        return shape_fail(err, op, "a CSV table has rank 2, not %d", s.rank);
    if (op == OP_RESTORE_TENSOR) {
        const Attr *name = attrs_get(attrs, "name");
        if (!name || name->kind != ATTR_STRING || !name->s[0])
            return shape_fail(err, op, "needs a string attribute 'name'");
        /* in[1]: the variable's value, given back when there is no checkpoint yet */
        if (nin != 2 || in[1]->type.dtype != dt->dtype || !shape_equal(&in[1]->type.shape, &s))
            return shape_fail(err, op, "the current value must have the dtype and shape given");
    }
    out[0] = tensor_type(dt->dtype, s);
    *nout = 1;
    return true;
}

bool shape_save(Opcode op, IrValue **in, int nin, const Attrs *attrs, const Func *callee,
                TensorType *out, int *nout, ShapeError *err) {
    (void)callee, (void)out;
    if (nin < 1 || !check_path(op, in[0], "the path", err)) return false;
    for (int i = 1; i < nin; i++)
        if (in[i]->type.dtype == DT_STRING)
            return shape_fail(err, op, "a string tensor cannot be saved");
    if (op == OP_SAVE_TENSORS) {
        /* "names": the tensors' names, one a line (names have no newlines) */
        const Attr *names = attrs_get(attrs, "names");
        if (!names || names->kind != ATTR_STRING)
            return shape_fail(err, op, "needs a string attribute 'names'");
        int lines = names->s[0] ? 1 : 0;
        for (const char *p = names->s; *p; p++) lines += *p == '\n';
        if (lines != nin - 1)
            return shape_fail(err, op, "%d names for %d tensors", lines, nin - 1);
    } else if (nin != 2) {
        return shape_fail(err, op, "takes a path and one tensor");
    }
    *nout = 0;
    return true;
}

/* progress(step, steps, values...): int scalars, then numeric scalars, one name each. */
bool shape_progress(Opcode op, IrValue **in, int nin, const Attrs *attrs, const Func *callee,
                    TensorType *out, int *nout, ShapeError *err) {
    (void)callee, (void)out;
    if (nin < 2) return shape_fail(err, op, "takes a step, a step count and values");
    for (int i = 0; i < nin; i++) {
        DType dt = in[i]->type.dtype;
        bool ok = in[i]->type.shape.rank == 0 &&
                  (i < 2 ? dt == DT_INT32 || dt == DT_INT64 : dtype_is_numeric(dt));
        if (!ok) return shape_fail(err, op, "input %d must be a%s scalar", i,
                                   i < 2 ? "n int" : " numeric");
    }
    const Attr *names = attrs_get(attrs, "names");
    if (!names || names->kind != ATTR_STRING)
        return shape_fail(err, op, "needs a string attribute 'names'");
    int lines = names->s[0] ? 1 : 0;
    for (const char *p = names->s; *p; p++) lines += *p == '\n';
    if (lines != nin - 2) return shape_fail(err, op, "%d names for %d values", lines, nin - 2);
    *nout = 0;
    return true;
}

/* string_concat(a, b), path_join(directory, name), checkpoint_path(prefix, number),
   checkpoint_manage(directory, saved, max_to_keep), checkpoint_latest(directory):
   string scalars, counts int64 scalars. */
bool shape_string_scalar(Opcode op, IrValue **in, int nin, const Attrs *attrs,
                             const Func *callee, TensorType *out, int *nout, ShapeError *err) {
    (void)attrs, (void)callee;
    for (int i = 0; i < nin; i++) {
        bool count = (op == OP_CHECKPOINT_PATH && i == 1) || (op == OP_CHECKPOINT_MANAGE && i == 2);
        if (count ? (in[i]->type.dtype != DT_INT64 || in[i]->type.shape.rank != 0)
                  : !is_string_scalar(in[i]))
            return shape_fail(err, op, "input %d must be %s scalar", i,
                              count ? "an int64" : "a string");
    }
    out[0] = tensor_type(DT_STRING, shape_scalar());
    *nout = 1;
    return true;
}
