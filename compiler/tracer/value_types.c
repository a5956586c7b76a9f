/* value_types.c — the tracer's values as the Python VM sees them: the ForeignType
 * tables (foreign.h) of tensors, variables, NumPy arrays, dtypes, tf.functions, their
 * concrete functions and TensorSpecs, and the builtins the tracer widens (range).
 * Entry point: value_types_install.
 * Memory owner: the tables are static; values live in the interpreter's Arena. */
#include <string.h>

#include "eager_values.h"
#include "function.h"
#include "tracer_internal.h"

/* ---- Shared by tensors and variables ---------------------------------------------- */

static bool is_tensor_like(const Value *v) {
    return v->kind == VAL_TENSOR || v->kind == VAL_VARIABLE;
}

/* NumPy's arithmetic has rules of its own (dtype promotion, broadcasting of Python
   lists): not reproduced yet. */
static Value *ndarray_operator(Interp *in, const char *symbol, SrcLoc loc) {
    return vm_not_supported(in, loc,
                            arena_printf(in->arena,
                                         "the operator '%s' on a NumPy array (from .numpy()); "
                                         "compute with the tensor instead",
                                         symbol));
}

/* With a tensor on either side it is a tensor op (a NumPy array is converted). */
static Value *tensor_binop_slot(Interp *in, BinOp op, Value *a, Value *b, SrcLoc loc) {
    return tensor_binop(in, op, a, b, loc);
}

/* Containment is Python's (the container is searched), but on a NumPy array. */
static Value *tensor_compare_slot(Interp *in, CmpOp op, Value *a, Value *b, SrcLoc loc,
                                  bool *handled) {
    *handled = true;
    if (op != CMP_IN && op != CMP_NOT_IN) return tensor_compare(in, op, a, b, loc);
    if (a->kind == VAL_NDARRAY || b->kind == VAL_NDARRAY)
        return ndarray_operator(in, ast_cmpop_symbol(op), loc);
    *handled = false;
    return NULL;
}

static Value *tensor_abs_slot(Interp *in, Value *v, SrcLoc loc) {
    return tensor_elementwise(in, OP_ABS, v, loc);
}

/* A symbolic tensor has no Python truth value: only AutoGraph's converted if/while
   can branch on it. (A variable's value is a symbolic tensor too.) */
static bool tensor_truth(Interp *in, Value *v, SrcLoc loc, bool *ok) {
    if (tracer_is_eager(in)) return concrete_truthy(in, v, loc, ok);
    *ok = false;
    vm_raise(
        in, EXC_OPERATOR_NOT_ALLOWED_IN_GRAPH_ERROR, loc,
        "using a symbolic `tf.Tensor` as a Python `bool` is not "
        "allowed: AutoGraph did not convert this code (a do_not_convert function, bool(), or a "
        "comprehension's condition); use tf.cond, or write it as an if/while AutoGraph "
        "converts");
    return false;
}

/* ---- Tensors ------------------------------------------------------------------------- */

/* len(t): the first dim, or tf.shape(t)[0] when it is known only as the program runs
   (AutoGraph's len). */
static Value *tensor_len(Interp *in, Value *v, SrcLoc loc) {
    const Shape *s = &v->tensor.ir->type.shape;
    if (s->rank == 0) return vm_type_error(in, loc, "len() of unsized object");
    if (s->dims[0] != DIM_UNKNOWN) return value_int(in->arena, s->dims[0]);
    Value *t = to_tensor(in, v, -1, loc);
    IrValue *shape =
        t ? build_op(&in->tracer->builder, OP_SHAPE, &t->tensor.ir, 1, NULL, vm_op_loc(in, loc))
          : NULL;
    Value *zero = shape ? to_tensor(in, value_int(in->arena, 0), DT_INT32, loc) : NULL;
    IrValue *pick[2] = {shape, zero ? zero->tensor.ir : NULL};
    IrValue *n =
        zero ? build_op(&in->tracer->builder, OP_GATHER, pick, 2, NULL, vm_op_loc(in, loc)) : NULL;
    return n ? tensor_value(in, n) : NULL;
}

static List *tensor_iter(Interp *in, Value *v, SrcLoc loc) {
    if (tracer_is_eager(in)) return concrete_rows(in, v, loc);
    vm_raise(in, EXC_OPERATOR_NOT_ALLOWED_IN_GRAPH_ERROR, loc,
             "iterating over a symbolic `tf.Tensor` is not allowed here: "
             "only a for loop directly over a tensor becomes a graph loop (enumerate(), "
             "zip(), list() and "
             "unpacking iterate in Python); loop over tf.range(tf.shape(t)[0]) and index "
             "t[i] instead");
    return NULL;
}

/* A for statement AutoGraph did not convert runs in Python: over a concrete tensor's
   rows, never over a symbolic one. */
static bool tensor_for_statement(Interp *in, Value *v, SrcLoc loc) {
    (void)v;
    if (tracer_is_eager(in)) return true;
    vm_raise(in, EXC_OPERATOR_NOT_ALLOWED_IN_GRAPH_ERROR, loc,
             "iterating over a symbolic `tf.Tensor` is not allowed: "
             "AutoGraph did not convert this loop (a do_not_convert function)");
    return false;
}

/* An eager integer scalar is an index (TensorFlow's __index__); a symbolic one is not. */
static Value *tensor_as_index(Interp *in, Value *v, SrcLoc loc) {
    return tracer_is_eager(in) ? concrete_index(in, v, loc) : v;
}

/* int(t) / float(t): the Python value of a one-element tensor, known only eagerly. */
static Value *tensor_python_scalar(Interp *in, Value *v, const char *fname, SrcLoc loc) {
    if (!tracer_is_eager(in))
        return vm_type_error(
            in, loc,
            "%s() of a symbolic tensor: its value is only known when the program runs "
            "(use tf.cast, or run it eagerly with ingot run --eager)",
            fname);
    Value *x = concrete_python_value(in, v, loc);
    while (x && x->kind == VAL_LIST && x->list->len == 1) x = x->list->items[0];
    if (x && !value_is_number(x))
        return vm_type_error(in, loc,
                             "only one-element tensors can be converted to Python scalars");
    return x;
}

static Value *tensor_number(Interp *in, Value *v, bool as_float, SrcLoc loc) {
    return tensor_python_scalar(in, v, as_float ? "float" : "int", loc);
}

/* The emitted C names a tensor after the script's variable that first held it. */
static void tensor_named(Interp *in, Value *v, const char *name) {
    (void)in;
    if (!v->tensor.ir->name_hint) v->tensor.ir->name_hint = name;
}

static const char *tensor_repr_slot(Arena *a, const Value *v) {
    return v->tensor.concrete ? concrete_tensor_repr(a, v->tensor.concrete) : tensor_repr(a, v);
}

static const char *tensor_str_slot(Arena *a, const Value *v) {
    return v->tensor.concrete ? concrete_tensor_str(a, v->tensor.concrete) : tensor_repr(a, v);
}

static const ForeignType tensor_type = {
    .name = "Tensor",
    .binop = tensor_binop_slot,
    .compare = tensor_compare_slot,
    .unary = tensor_unary,
    .abs = tensor_abs_slot,
    .truth = tensor_truth,
    .len = tensor_len,
    .iter = tensor_iter,
    .for_statement = tensor_for_statement,
    .getattr = tensor_attribute,
    .getitem = tensor_index,
    .index = tensor_as_index,
    .number = tensor_number,
    .named = tensor_named,
    .repr = tensor_repr_slot,
    .str = tensor_str_slot,
    .formats_as_str = true,
    .unhashable = "Tensor is unhashable. Instead, use tensor.ref() as the key.",
};

/* ---- Variables ---------------------------------------------------------------------- */

static List *variable_iter(Interp *in, Value *v, SrcLoc loc) {
    vm_type_error(in, loc, "'%s' object is not iterable", value_type_name(v));
    return NULL;
}

static Value *variable_getitem(Interp *in, Value *v, Value *index, SrcLoc loc) {
    Value *t = variable_read(in, v, loc);
    return t ? tensor_index(in, t, index, loc) : NULL;
}

static const char *variable_repr_slot(Arena *a, const Value *v) { return variable_repr(a, v); }

static const ForeignType variable_type = {
    .name = "ResourceVariable",
    .binop = tensor_binop_slot,
    .compare = tensor_compare_slot,
    .unary = tensor_unary,
    .abs = tensor_abs_slot,
    .truth = tensor_truth,
    .iter = variable_iter,
    .getattr = variable_attribute,
    .getitem = variable_getitem,
    .repr = variable_repr_slot,
    .unhashable = "Variable is unhashable. Instead, use variable.ref() as the key.",
};

/* ---- NumPy arrays (t.numpy()) ---------------------------------------------------------- */

static Value *ndarray_binop(Interp *in, BinOp op, Value *a, Value *b, SrcLoc loc) {
    if (is_tensor_like(a) || is_tensor_like(b)) return tensor_binop(in, op, a, b, loc);
    return ndarray_operator(in, ast_binop_symbol(op), loc);
}

static Value *ndarray_compare(Interp *in, CmpOp op, Value *a, Value *b, SrcLoc loc,
                              bool *handled) {
    *handled = true;
    if (op != CMP_IN && op != CMP_NOT_IN && (is_tensor_like(a) || is_tensor_like(b)))
        return tensor_compare(in, op, a, b, loc);
    return ndarray_operator(in, ast_cmpop_symbol(op), loc);
}

static bool ndarray_truth(Interp *in, Value *v, SrcLoc loc, bool *ok) {
    return concrete_truthy(in, ndarray_tensor(in, v), loc, ok);
}

static Value *ndarray_len(Interp *in, Value *v, SrcLoc loc) {
    if (v->ndarray.concrete->rank == 0) return vm_type_error(in, loc, "len() of unsized object");
    return value_int(in->arena, v->ndarray.concrete->shape[0]);
}

static Value *ndarray_getattr(Interp *in, Value *v, const char *name, SrcLoc loc, bool *missing) {
    (void)loc;
    return ndarray_attribute(in, v, name, missing);
}

static Value *ndarray_number(Interp *in, Value *v, bool as_float, SrcLoc loc) {
    return tensor_number(in, ndarray_tensor(in, v), as_float, loc);
}

static const char *ndarray_repr(Arena *a, const Value *v) {
    return concrete_numpy_repr(a, v->ndarray.concrete);
}

static const char *ndarray_str(Arena *a, const Value *v) {
    return concrete_ndarray_str(a, v->ndarray.concrete);
}

static bool ndarray_hash(const Value *v, uint64_t *hash) {
    (void)v, (void)hash;
    return false; /* NumPy arrays are unhashable: "unhashable type: 'numpy.ndarray'" */
}

static const ForeignType ndarray_type = {
    .name = "numpy.ndarray",
    .binop = ndarray_binop,
    .compare = ndarray_compare,
    .truth = ndarray_truth,
    .len = ndarray_len,
    .iter = ndarray_rows,
    .getattr = ndarray_getattr,
    .getitem = ndarray_index,
    .number = ndarray_number,
    .repr = ndarray_repr,
    .str = ndarray_str,
    .hash = ndarray_hash,
};

/* ---- DTypes -------------------------------------------------------------------------- */

static Value *dtype_getattr(Interp *in, Value *v, const char *name, SrcLoc loc, bool *missing) {
    (void)loc;
    *missing = false;
    if (strcmp(name, "name") == 0) return value_cstr(in->arena, dtype_name(v->dtype));
    if (strcmp(name, "is_floating") == 0) return value_bool(dtype_is_float(v->dtype));
    if (strcmp(name, "is_integer") == 0) return value_bool(dtype_is_integer(v->dtype));
    *missing = true;
    return NULL;
}

/* TensorFlow's DType: repr tf.float32, str <dtype: 'float32'>. */
static const char *dtype_repr(Arena *a, const Value *v) {
    return arena_printf(a, "tf.%s", dtype_name(v->dtype));
}

static const char *dtype_str(Arena *a, const Value *v) {
    return arena_printf(a, "<dtype: '%s'>", dtype_name(v->dtype));
}

/* Each dtype is one object (tf.float32 is tf.float32), however many Values show it. */
static bool dtype_same(const Value *a, const Value *b) { return a->dtype == b->dtype; }

static bool dtype_hash(const Value *v, uint64_t *hash) {
    *hash = 0x64740000u + (uint64_t)v->dtype;
    return true;
}

static const ForeignType dtype_type = {
    .name = "DType",
    .getattr = dtype_getattr,
    .repr = dtype_repr,
    .str = dtype_str,
    .same = dtype_same,
    .hash = dtype_hash,
};

/* ---- tf.function and its concrete functions -------------------------------------------- */

static Value *tf_function_call_slot(Interp *in, Value *callee, CallArgs *args, SrcLoc loc) {
    return tf_function_call(in, callee->tf_fn, args, loc);
}

/* A tf.function method read through an instance: a Function of its own, bound. */
static Value *tf_function_bind(Interp *in, Value *attr, Value *obj) {
    return method_new(in, tf_function_bound_to(in, attr, obj), obj);
}

static Value *tf_function_wrapped(const Value *v) { return v->tf_fn->python_function; }

static const char *tf_function_repr(Arena *a, const Value *v) {
    return arena_printf(a,
                        "<tensorflow.python.eager.polymorphic_function.polymorphic_function."
                        "Function object '%s'>",
                        v->tf_fn->name);
}

static bool tf_function_same(const Value *a, const Value *b) { return a->tf_fn == b->tf_fn; }

static bool tf_function_hash(const Value *v, uint64_t *hash) {
    *hash = (uint64_t)(uintptr_t)v->tf_fn >> 4;
    return true;
}

static const ForeignType tf_function_type = {
    .name = "Function",
    .getattr = tf_function_attribute,
    .call = tf_function_call_slot,
    .bind = tf_function_bind,
    .wrapped = tf_function_wrapped,
    .repr = tf_function_repr,
    .same = tf_function_same,
    .hash = tf_function_hash,
};

static const char *concrete_function_repr(Arena *a, const Value *v) {
    return concrete_function_text(a, v);
}

static const ForeignType concrete_function_type = {
    .name = "ConcreteFunction",
    .call = concrete_function_call,
    .repr = concrete_function_repr,
};

/* ---- tf.TensorSpec ------------------------------------------------------------------- */

static Value *tensor_spec_getattr(Interp *in, Value *v, const char *name, SrcLoc loc,
                                  bool *missing) {
    (void)loc;
    return tensor_spec_attribute(in, v, name, missing);
}

static const char *tensor_spec_repr(Arena *a, const Value *v) {
    const char *name = v->spec.name ? str_repr(a, v->spec.name, strlen(v->spec.name)) : "None";
    return arena_printf(a, "TensorSpec(shape=%s, dtype=tf.%s, name=%s)",
                        shape_tuple_text(a, &v->spec.type->shape), dtype_name(v->spec.type->dtype),
                        name);
}

static const ForeignType tensor_spec_type = {
    .name = "TensorSpec",
    .getattr = tensor_spec_getattr,
    .repr = tensor_spec_repr,
};

/* What tf.GradientTape holds: opaque to the script. */
static const char *tape_repr(Arena *a, const Value *v) {
    (void)v;
    return arena_strdup(a, "<GradientTape recording>");
}

static const ForeignType tape_type = {
    .name = "_Tape",
    .repr = tape_repr,
};

/* ---- Builtins the tracer widens -------------------------------------------------------- */

/* AutoGraph's range: a symbolic tensor bound makes it tf.range, so a for loop over it
   becomes a graph loop; otherwise (eager bounds included) it is Python's, the VM's
   builtin (self). */
static Value *traced_range(Interp *in, Value *python_range, CallArgs *args, SrcLoc loc) {
    if (!tracer_is_eager(in) && args->nkw == 0 && args->npos >= 1 && args->npos <= 3)
        for (int i = 0; i < args->npos; i++)
            if (args->pos[i]->kind == VAL_TENSOR) {
                Value *limit = args->npos > 1 ? args->pos[1] : NULL,
                      *delta = args->npos > 2 ? args->pos[2] : NULL;
                return tensor_range(in, args->pos[0], limit, delta, -1, loc);
            }
    return call_value(in, python_range, args, loc);
}

Value *value_dtype(Arena *a, DType dt) {
    Value *v = value_new(a, VAL_DTYPE);
    v->dtype = dt;
    return v;
}

void value_types_install(Interp *in) {
    foreign_type_register(VAL_TENSOR, &tensor_type);
    foreign_type_register(VAL_VARIABLE, &variable_type);
    foreign_type_register(VAL_NDARRAY, &ndarray_type);
    foreign_type_register(VAL_DTYPE, &dtype_type);
    foreign_type_register(VAL_TF_FUNCTION, &tf_function_type);
    foreign_type_register(VAL_CONCRETE_FUNCTION, &concrete_function_type);
    foreign_type_register(VAL_TENSOR_SPEC, &tensor_spec_type);
    foreign_type_register(VAL_TAPE, &tape_type);

    const char *range = vm_intern(in, "range");
    Value *python_range = env_get_local(in->builtins, range);
    Value *widened = value_builtin(in->arena, "range", traced_range, python_range);
    widened->builtin->is_class = true; /* type(range(3)) is still range */
    env_set_local(in, in->builtins, range, widened);
    /* Converted code (compiler/autograph) calls into ag__ from every module. */
    env_set_local(in, in->builtins, vm_intern(in, "ag__"), autograph_module(in)->self);
}
