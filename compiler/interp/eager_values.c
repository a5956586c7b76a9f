/* eager_values.c — what Python code can do with a concrete tensor in eager mode
 * (ingot run --eager) that a symbolic one forbids: bool(t), iterating its rows,
 * t.numpy(), and using its value as build-time data (a variable's initial value).
 * Entry points: interp_is_eager, eager_value_truthy, eager_rows, eager_numpy, eager_index,
 * eager_const_data. Memory owner: the interpreter's Arena (tensors: the EagerContext). */
#include <string.h>

#include "interp_internal.h"

bool interp_is_eager(const Interp *in) { return in->builder.eager != NULL; }

/* The concrete tensor of a tensor or variable value (a variable is read: a new op). */
static IgTensor *concrete(Interp *in, Value *v, SrcLoc loc) {
    if (v->kind == VAL_VARIABLE && !(v = variable_read(in, v, loc))) return NULL;
    IG_ASSERT(v->kind == VAL_TENSOR && v->tensor.ir->eager);
    return v->tensor.ir->eager;
}

bool eager_value_truthy(Interp *in, Value *v, SrcLoc loc, bool *ok) {
    *ok = false;
    IgTensor *t = concrete(in, v, loc);
    if (!t) return false;
    char err[256];
    bool value;
    if (!eager_truth(t, &value, err, sizeof err)) {
        interp_error(in, loc, "%s", err);
        return false;
    }
    *ok = true;
    return value;
}

List *eager_rows(Interp *in, Value *v, SrcLoc loc) {
    IgTensor *t = concrete(in, v, loc);
    if (!t) return NULL;
    if (t->rank == 0) {
        interp_type_error(in, loc, "Cannot iterate over a scalar tensor.");
        return NULL;
    }
    /* Each row is t[i]: a gather, as the graph loop over a tensor does. */
    Value *tensor = v->kind == VAL_VARIABLE ? variable_read(in, v, loc) : v;
    if (!tensor) return NULL;
    List *rows = ARENA_NEW(in->arena, List);
    for (int64_t i = 0; i < t->shape[0]; i++) {
        Value *row = tensor_index(in, tensor, value_int(in->arena, i), loc);
        if (!row) return NULL;
        list_append(in->arena, rows, row);
    }
    return rows;
}

static Value *element_value(Interp *in, const IgTensor *t, int64_t i) {
    const char *p = (const char *)t->data + (size_t)i * ig_dtype_size(t->dtype);
    switch (t->dtype) {
    case IG_BOOL: return value_bool(*(const unsigned char *)p != 0);
    case IG_INT32: return value_int(in->arena, *(const int32_t *)p);
    case IG_INT64: return value_int(in->arena, *(const int64_t *)p);
    case IG_FLOAT32: return value_float(in->arena, *(const float *)p);
    case IG_FLOAT64: return value_float(in->arena, *(const double *)p);
    case IG_STRING: return value_cstr(in->arena, (const char *)t->data);
    default: UNREACHABLE();
    }
}

static Value *nested_list(Interp *in, const IgTensor *t, int d, int64_t *index) {
    if (d == t->rank) return element_value(in, t, (*index)++);
    Value *l = value_list(in->arena, (int)t->shape[d]);
    for (int64_t i = 0; i < t->shape[d]; i++) l->list->items[i] = nested_list(in, t, d + 1, index);
    return l;
}

Value *eager_numpy(Interp *in, Value *v, SrcLoc loc) {
    IgTensor *t = concrete(in, v, loc);
    if (!t) return NULL;
    int64_t index = 0;
    return nested_list(in, t, 0, &index);
}

static Value *numpy_method(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    if (args->npos || args->nkw) return interp_type_error(in, loc, "numpy() takes no arguments");
    return eager_numpy(in, self, loc);
}

Value *eager_numpy_method(Interp *in, Value *v) { return value_builtin(in->arena, "numpy", numpy_method, v); }

const ConstData *eager_const_data(Interp *in, const IgTensor *t) {
    ConstData *cd = ARENA_NEW(in->arena, ConstData);
    cd->dtype = (DType)t->dtype;
    cd->shape = shape_of(t->rank, t->shape);
    if (t->dtype == IG_STRING) {
        const char **s = ARENA_NEW(in->arena, const char *);
        *s = arena_strdup(in->arena, (const char *)t->data);
        cd->data = s;
        return cd;
    }
    size_t n = (size_t)t->size * ig_dtype_size(t->dtype);
    void *data = arena_alloc(in->arena, n ? n : 1);
    if (n) memcpy(data, t->data, n);
    cd->data = data;
    return cd;
}

Value *eager_index(Interp *in, Value *v, SrcLoc loc) {
    const TensorType *t = &v->tensor.ir->type;
    if (!dtype_is_integer(t->dtype) || t->shape.rank != 0)
        return interp_type_error(in, loc, "only integer scalar arrays can be converted to a scalar index");
    return eager_numpy(in, v, loc);
}
