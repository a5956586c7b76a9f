/* eager_values.c — what Python code can do with a concrete tensor in eager mode
 * (ingot run --eager) that a symbolic one forbids: bool(t), iterating its rows,
 * t.numpy(), and using its value as build-time data (a variable's initial value).
 * t.numpy() gives NumPy's values: numbers for scalars, a read-only ndarray sharing
 * the tensor otherwise (printing, indexing, iteration, tolist, item, shape, dtype;
 * arithmetic on it is not supported yet).
 * Entry points: tracer_is_eager, concrete_truthy, concrete_rows, concrete_numpy,
 * concrete_python_value, concrete_index, ndarray_*.
 * Memory owner: the VM's Arena (tensors: the EagerContext). */
#include <string.h>

#include "eager_values.h"
#include "tracer_internal.h"

bool tracer_is_eager(const Interp *in) { return in->tracer->builder.exec != NULL; }

/* The concrete tensor of a tensor or variable value (a variable is read: a new op). */
static IgTensor *concrete(Interp *in, Value *v, SrcLoc loc) {
    if (v->kind == VAL_VARIABLE && !(v = variable_read(in, v, loc))) return NULL;
    IG_ASSERT(v->kind == VAL_TENSOR && v->tensor.concrete);
    return (IgTensor *)v->tensor.concrete;
}

bool concrete_truthy(Interp *in, Value *v, SrcLoc loc, bool *ok) {
    *ok = false;
    IgTensor *t = concrete(in, v, loc);
    if (!t) return false;
    char err[256];
    bool value;
    if (!eager_truth(t, &value, err, sizeof err)) {
        vm_raise(in, EXC_VALUE_ERROR, loc, "%s", err);
        return false;
    }
    *ok = true;
    return value;
}

List *concrete_rows(Interp *in, Value *v, SrcLoc loc) {
    IgTensor *t = concrete(in, v, loc);
    if (!t) return NULL;
    if (t->rank == 0) {
        vm_type_error(in, loc, "Cannot iterate over a scalar tensor.");
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

Value *concrete_python_value(Interp *in, Value *v, SrcLoc loc) {
    IgTensor *t = concrete(in, v, loc);
    if (!t) return NULL;
    int64_t index = 0;
    return nested_list(in, t, 0, &index);
}

/* ---- t.numpy(): NumPy's view of the value -------------------------------------------- */
/* A NumPy scalar for rank 0 (a Python number here, float32 ones printed as float32),
   a read-only ndarray otherwise, sharing the tensor. */
Value *concrete_numpy(Interp *in, Value *v, SrcLoc loc) {
    if (v->kind == VAL_VARIABLE && !(v = variable_read(in, v, loc))) return NULL;
    IgTensor *t = concrete(in, v, loc);
    if (!t) return NULL;
    if (t->rank == 0) {
        Value *x = element_value(in, t, 0);
        if (t->dtype == IG_FLOAT32) x->float32 = true;
        return x;
    }
    Value *a = ARENA_NEW(in->arena, Value);
    a->kind = VAL_NDARRAY;
    a->ndarray.ir = v->tensor.ir;
    a->ndarray.concrete = v->tensor.concrete;
    return a;
}

static Value *numpy_method(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    if (args->npos || args->nkw) return vm_type_error(in, loc, "numpy() takes no arguments");
    return concrete_numpy(in, self, loc);
}

Value *concrete_numpy_method(Interp *in, Value *v) {
    return value_builtin(in->arena, "numpy", numpy_method, v);
}

/* The tensor an ndarray shows, as a tensor value (for tensor ops, indexing, rows). */
Value *ndarray_tensor(Interp *in, const Value *arr) { return tensor_value(in, arr->ndarray.ir); }

static Value *tolist_method(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    if (args->npos || args->nkw) return vm_type_error(in, loc, "tolist() takes no arguments");
    return concrete_python_value(in, ndarray_tensor(in, self), loc);
}

static Value *item_method(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    if (args->npos || args->nkw) return vm_not_supported(in, loc, "item() with arguments");
    if (self->ndarray.concrete->size != 1)
        return vm_raise(in, EXC_VALUE_ERROR, loc,
                        "can only convert an array of size 1 to a Python scalar");
    Value *x = concrete_python_value(in, ndarray_tensor(in, self), loc);
    while (x && x->kind == VAL_LIST) x = x->list->items[0];
    return x;
}

Value *ndarray_attribute(Interp *in, Value *arr, const char *name, bool *missing) {
    *missing = false;
    const IgTensor *t = arr->ndarray.concrete;
    if (strcmp(name, "shape") == 0) {
        Value *tuple = value_tuple(in->arena, t->rank);
        for (int i = 0; i < t->rank; i++) tuple->list->items[i] = value_int(in->arena, t->shape[i]);
        return tuple;
    }
    if (strcmp(name, "dtype") == 0)
        return value_cstr(in->arena, ig_dtype_name(t->dtype)); /* prints as NumPy's */
    if (strcmp(name, "ndim") == 0) return value_int(in->arena, t->rank);
    if (strcmp(name, "size") == 0) return value_int(in->arena, t->size);
    if (strcmp(name, "tolist") == 0) return value_builtin(in->arena, "tolist", tolist_method, arr);
    if (strcmp(name, "item") == 0) return value_builtin(in->arena, "item", item_method, arr);
    *missing = true;
    return NULL;
}

/* arr[i], and each row when iterating: NumPy values again. */
Value *ndarray_index(Interp *in, Value *arr, Value *index, SrcLoc loc) {
    Value *row = tensor_index(in, ndarray_tensor(in, arr), index, loc);
    return row ? concrete_numpy(in, row, loc) : NULL;
}

List *ndarray_rows(Interp *in, Value *arr, SrcLoc loc) {
    List *rows = concrete_rows(in, ndarray_tensor(in, arr), loc);
    for (int i = 0; rows && i < rows->len; i++)
        if (!(rows->items[i] = concrete_numpy(in, rows->items[i], loc))) return NULL;
    return rows;
}

Value *concrete_index(Interp *in, Value *v, SrcLoc loc) {
    const TensorType *t = &v->tensor.ir->type;
    if (!dtype_is_integer(t->dtype) || t->shape.rank != 0)
        return vm_type_error(in, loc,
                             "only integer scalar arrays can be converted to a scalar index");
    return concrete_python_value(in, v, loc);
}
