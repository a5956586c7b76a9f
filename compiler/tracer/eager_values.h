/* eager_values.h — concrete tensors in the tracer (ingot run --eager): truth, rows,
 * NumPy arrays and the text TensorFlow prints for them (eager_values.c, eager_text.c).
 * Memory owner: the VM's Arena; tensors are the executor's. */
#ifndef INGOT_EAGER_VALUES_H
#define INGOT_EAGER_VALUES_H

#include "tracer_internal.h"

/* ---- eager_values.c, eager_text.c: concrete tensors (ingot run --eager) ----------------- */
/* The builder runs ops at once (Builder.exec): every tensor value is concrete. */
bool tracer_is_eager(const Interp *in);
/* bool(t) of a concrete tensor or variable (TensorFlow's eager rules). */
bool concrete_truthy(Interp *in, Value *v, SrcLoc loc, bool *ok);
/* The rows t[0], t[1], ... of a concrete tensor or variable, as iterating it gives. */
List *concrete_rows(Interp *in, Value *v, SrcLoc loc);
/* t.numpy(): NumPy's view: a number for a scalar (a float32 one prints as NumPy's
   float32), a read-only ndarray (VAL_NDARRAY) otherwise. */
Value *concrete_numpy(Interp *in, Value *v, SrcLoc loc);
Value *concrete_numpy_method(Interp *in, Value *v); /* the bound method t.numpy */
/* The value as Python data: a number, or nested lists of numbers (tolist()). */
Value *concrete_python_value(Interp *in, Value *v, SrcLoc loc);
/* NumPy arrays (VAL_NDARRAY, from t.numpy()). */
Value *ndarray_tensor(Interp *in, const Value *arr);
Value *ndarray_attribute(Interp *in, Value *arr, const char *name, bool *missing);
Value *ndarray_index(Interp *in, Value *arr, Value *index, SrcLoc loc);
List *ndarray_rows(Interp *in, Value *arr, SrcLoc loc);
/* operator.index(t): the int of an integer scalar tensor, else TensorFlow's TypeError. */
Value *concrete_index(Interp *in, Value *v, SrcLoc loc);
/* str(t) and repr(t) of a concrete tensor, as TensorFlow's EagerTensor prints. */
const char *concrete_tensor_str(Arena *a, const IgTensor *t);
const char *concrete_tensor_repr(Arena *a, const IgTensor *t);
const char *concrete_numpy_repr(Arena *a, const IgTensor *t);  /* repr(t.numpy()) */
const char *concrete_ndarray_str(Arena *a, const IgTensor *t); /* str(t.numpy()) */

#endif
