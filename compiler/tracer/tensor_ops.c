/* tensor_ops.c — tensors at trace time: converting Python values to tensors the way
 * TensorFlow does, operators on tensors, and the _ingot primitive module that the
 * stdlib (stdlib/tensorflow/) is written over. Every op goes through build_op. */
#include <math.h>
#include <string.h>

#include "eager_values.h"
#include "function.h"
#include "tracer_internal.h"

bool value_is_tensor(const Value *v) { return v->kind == VAL_TENSOR; }

/* TensorFlow's op type ("AddV2", "MatMul"), as kernel messages name it. */
static const char *tf_op_name(Opcode op) { return op_info[op].tf_type; }

/* TensorFlow's short dtype spelling in kernel messages ("float", "double", "int32"). */
static const char *tf_kernel_dtype(DType dt) {
    return dt == DT_FLOAT32 ? "float" : dt == DT_FLOAT64 ? "double" : dtype_name(dt);
}

/* The name TensorFlow gives an op made by the Python API with no name= argument
   (its tensors print as Tensor("mul:0", ...)): tf.multiply's "mul", tf.constant's
   "Const", and the op type for the rest. */
static const char *tf_default_op_name(Opcode op) {
    switch (op) {
    case OP_CONST: return "Const";
    case OP_FILL: return "Fill";
    case OP_CAST: return "Cast";
    case OP_DIV: return "truediv";
    case OP_ADD:
    case OP_SUB:
    case OP_MUL:
    case OP_FLOORDIV:
    case OP_MOD:
    case OP_POW:
    case OP_RANGE:
    case OP_COND: case OP_WHILE:
        return op_info[op]
            .name; /* "add", "sub", "mul", "floordiv", "mod", "pow", "range", "cond", "while" */
    default: return tf_op_name(op); /* MatMul, Less, Greater, Equal, ... */
    }
}

/* ---- Names, as a TensorFlow graph gives them --------------------------------------------- */
/* Op names are unique per function: mul, mul_1, mul_2 ... The name base gets next,
   taken when reserve is set. */
const char *unique_op_name(Interp *in, const char *base, bool reserve) {
    if (in->tracer->name_scope && in->tracer->name_scope[0])
        base = arena_printf(in->arena, "%s%s", in->tracer->name_scope, base);
    const Func *f = in->tracer->builder.region ? in->tracer->builder.region->func : NULL;
    Value *key = value_cstr(in->arena, arena_printf(in->arena, "%d/%s", f ? f->index : 0, base));
    if (!in->tracer->tensor_names) in->tracer->tensor_names = value_dict(in->arena)->dict;
    Value *count = dict_get(in->tracer->tensor_names, key);
    int n = count ? (int)count->i : 0;
    if (reserve) dict_set(in->arena, in->tracer->tensor_names, key, value_int(in->arena, n + 1));
    return n ? arena_printf(in->arena, "%s_%d", base, n) : base;
}

/* A tensor value for ir, named after its op (base overrides TensorFlow's default
   name for it). A constant made for an operand inside an op's name scope is named
   in->tracer->operand_name instead (e.g. "mul/y"), leaving the Const count alone. */
static Value *named_tensor_value(Interp *in, IrValue *ir, const char *base) {
    Value *v = ARENA_NEW(in->arena, Value);
    v->kind = VAL_TENSOR;
    v->tensor.ir = ir;
    v->tensor.func = in->tracer->builder.region ? in->tracer->builder.region->func : NULL;
    v->tensor.concrete = in->tracer->eager ? eager_tensor(in->tracer->eager, ir) : NULL;
    if (tracer_is_eager(in)) return v; /* eager tensors have no names (see .name) */
    if (in->tracer->operand_name && ir->def && ir->def->op == OP_CONST) {
        v->tensor.tf_name = arena_printf(in->arena, "%s:0", in->tracer->operand_name);
        in->tracer->operand_name = NULL;
        return v;
    }
    if (!base) base = ir->def ? tf_default_op_name(ir->def->op) : "input";
    v->tensor.tf_name = arena_printf(in->arena, "%s:0", unique_op_name(in, base, true));
    return v;
}

Value *tensor_value(Interp *in, IrValue *ir) { return named_tensor_value(in, ir, NULL); }

/* Converts v (a Python value, or a tensor) as an input of the op about to be named
   scope: TensorFlow converts it inside the op's name scope, as "<scope>/<which>". */
static Value *op_operand(Interp *in, Value *v, int dtype, const char *scope, const char *which,
                         SrcLoc loc) {
    if (value_is_tensor(v) || !scope) return to_tensor(in, v, dtype, loc);
    in->tracer->operand_name = arena_printf(in->arena, "%s/%s", scope, which);
    Value *t = to_tensor(in, v, dtype, loc);
    in->tracer->operand_name = NULL;
    return t;
}

/* The name the next op of this kind will get, for its operands' scope; NULL eagerly. */
static const char *op_scope(Interp *in, Opcode op) {
    return tracer_is_eager(in) ? NULL : unique_op_name(in, tf_default_op_name(op), false);
}

const char *tensor_repr(Arena *a, const Value *v) {
    const TensorType *t = &v->tensor.ir->type;
    return arena_printf(a, "Tensor(\"%s\", shape=%s, dtype=%s)", v->tensor.tf_name,
                        shape_tuple_text(a, &t->shape), dtype_name(t->dtype));
}

/* ---- Building ops --------------------------------------------------------------------- */

static IrValue *use_tensor(Interp *in, Value *v, SrcLoc loc);

static Value *emit(Interp *in, Opcode op, IrValue **inputs, int n, const Attrs *attrs, SrcLoc loc) {
    IrValue *r = build_op(&in->tracer->builder, op, inputs, n, attrs, vm_op_loc(in, loc));
    return r ? tensor_value(in, r) : NULL;
}

static Value *emit_const(Interp *in, const ConstData *cd, SrcLoc loc) {
    IrValue *r = build_const(&in->tracer->builder, cd, vm_op_loc(in, loc));
    return r ? tensor_value(in, r) : NULL;
}

/* A tensor made in another function's graph: constants are re-made here; anything
   else would be a capture, which needs implicit function inputs (not yet). */
static IrValue *use_tensor(Interp *in, Value *v, SrcLoc loc) {
    Func *here = in->tracer->builder.region ? in->tracer->builder.region->func : NULL;
    if (v->tensor.func == here) {
        if (tensor_in_scope(in, v->tensor.ir)) return v->tensor.ir;
        vm_raise(in, EXC_INACCESSIBLE_TENSOR_ERROR, loc,
                 "%s was made inside a tensor-dependent branch or loop and is out of "
                 "scope here; pass it out as a variable the branch or loop assigns instead of "
                 "storing it in a "
                 "Python object",
                 tensor_repr(in->arena, v));
        return NULL;
    }
    Inst *def = v->tensor.ir->def;
    if (def && def->op == OP_FLAG) {
        /* A flag reads a value fixed before the program starts: read it here too. */
        IrValue *r =
            build_op(&in->tracer->builder, OP_FLAG, NULL, 0, &def->attrs, vm_op_loc(in, loc));
        return r;
    }
    if (def && def->op == OP_CONST) {
        const Attr *value = attrs_get(&def->attrs, arena_intern_cstr(in->arena, "value"));
        IG_ASSERT(value);
        Value *copy = emit_const(in, value->tensor, loc);
        return copy ? copy->tensor.ir : NULL;
    }
    /* A tensor of the code that called the tf.function being traced: captured, as
       TensorFlow captures it, by an implicit parameter the call sites pass. */
    if (in->tracer->captures && in->tracer->captures->func == here)
        return capture_tensor(in, v, loc);
    vm_raise(in, EXC_INACCESSIBLE_TENSOR_ERROR, loc,
             "%s belongs to another function's graph and cannot be used here; "
             "return it from that function, or pass it as an argument",
             tensor_repr(in->arena, v));
    return NULL;
}

/* ---- Python values to tensors ------------------------------------------------------------ */

/* The dtype TensorFlow infers for a Python scalar. */
static DType infer_scalar_dtype(const Value *v) {
    switch (v->kind) {
    case VAL_BOOL: return DT_BOOL;
    case VAL_INT: return (v->i >= INT32_MIN && v->i <= INT32_MAX) ? DT_INT32 : DT_INT64;
    case VAL_FLOAT: return DT_FLOAT32;
    case VAL_STR: return DT_STRING;
    default: return DT__COUNT;
    }
}

/* Walks a nested list/tuple: its shape and the widest element kind. */
static bool scan_nested(Interp *in, Value *v, int depth, Shape *shape, DType *dt, SrcLoc loc) {
    if (value_is_sequence(v)) {
        if (depth >= IR_MAX_RANK)
            return vm_raise(in, EXC_VALUE_ERROR, loc, "too many dimensions (at most %d)",
                            IR_MAX_RANK),
                   false;
        int64_t n = v->list->len;
        if (shape->rank <= depth) {
            shape->rank = depth + 1;
            shape->dims[depth] = n;
        } else if (shape->dims[depth] != n) {
            vm_raise(in, EXC_VALUE_ERROR, loc,
                     "can't convert non-rectangular Python sequence to Tensor");
            return false;
        }
        for (int i = 0; i < v->list->len; i++)
            if (!scan_nested(in, v->list->items[i], depth + 1, shape, dt, loc)) return false;
        return true;
    }
    if (depth < shape->rank && shape->rank > 0 && depth != shape->rank) {
        vm_raise(in, EXC_VALUE_ERROR, loc,
                 "can't convert non-rectangular Python sequence to Tensor");
        return false;
    }
    DType e = infer_scalar_dtype(v);
    if (e == DT__COUNT) {
        if (value_is_tensor(v))
            vm_not_supported(in, loc, "a Python list of tensors as a tensor (use tf.stack)");
        else
            vm_raise(in, EXC_VALUE_ERROR, loc,
                     "attempt to convert a value (%s) with an unsupported type (<class '%s'>) "
                     "to a Tensor",
                     value_repr(in->arena, v), value_type_name(v));
        return false;
    }
    /* Widen: bool < int32 < int64 < float32; strings don't mix. */
    if (*dt == DT__COUNT) *dt = e;
    else if (*dt != e) {
        if (*dt == DT_STRING || e == DT_STRING) {
            vm_type_error(in, loc, "can't mix strings and numbers in one tensor");
            return false;
        }
        int rank_old = *dt == DT_BOOL ? 0 : *dt == DT_INT32 ? 1 : *dt == DT_INT64 ? 2 : 3;
        int rank_new = e == DT_BOOL ? 0 : e == DT_INT32 ? 1 : e == DT_INT64 ? 2 : 3;
        if (rank_new > rank_old) *dt = e;
    }
    return true;
}

static bool store_element(Interp *in, Value *v, DType dt, void *dst, SrcLoc loc) {
    double f = v->kind == VAL_FLOAT  ? v->f
               : v->kind == VAL_INT  ? (double)v->i
               : v->kind == VAL_BOOL ? v->b
                                     : 0;
    bool is_float = v->kind == VAL_FLOAT;
    switch (dt) {
    case DT_BOOL:
        if (v->kind != VAL_BOOL) goto bad;
        *(unsigned char *)dst = v->b;
        return true;
    case DT_INT32:
    case DT_INT64: {
        if (is_float || v->kind == VAL_STR) goto bad;
        int64_t i = v->kind == VAL_INT ? v->i : v->b;
        if (dt == DT_INT32) {
            if (i < INT32_MIN || i > INT32_MAX) goto bad;
            *(int32_t *)dst = (int32_t)i;
        } else {
            *(int64_t *)dst = i;
        }
        return true;
    }
    case DT_FLOAT32:
        if (v->kind == VAL_STR) goto bad;
        *(float *)dst = (float)f;
        return true;
    case DT_FLOAT64:
        if (v->kind == VAL_STR) goto bad;
        *(double *)dst = f;
        return true;
    case DT_STRING:
        if (v->kind != VAL_STR) goto bad;
        *(const char **)dst = v->str.s;
        return true;
    default: break;
    }
bad:
    vm_type_error(in, loc, "Cannot convert %s to EagerTensor of dtype %s", value_repr(in->arena, v),
                  dtype_name(dt));
    return false;
}

static bool fill_nested(Interp *in, Value *v, DType dt, char *data, size_t *index, SrcLoc loc) {
    if (value_is_sequence(v)) {
        for (int i = 0; i < v->list->len; i++)
            if (!fill_nested(in, v->list->items[i], dt, data, index, loc)) return false;
        return true;
    }
    return store_element(in, v, dt, data + dtype_size(dt) * (*index)++, loc);
}

static Value *python_to_tensor(Interp *in, Value *v, int preferred, SrcLoc loc) {
    const ConstData *cd = python_to_const(in, v, preferred, loc);
    return cd ? emit_const(in, cd, loc) : NULL;
}

const ConstData *python_to_const(Interp *in, Value *v, int preferred, SrcLoc loc) {
    Shape shape = shape_scalar();
    DType inferred = DT__COUNT;
    if (!scan_nested(in, v, 0, &shape, &inferred, loc)) return NULL;
    if (inferred == DT__COUNT) inferred = DT_FLOAT32; /* an empty list is float32 in TensorFlow */
    DType dt = preferred >= 0 ? (DType)preferred : inferred;
    int64_t n = shape_num_elements(&shape);
    ConstData *cd = ARENA_NEW(in->arena, ConstData);
    cd->dtype = dt;
    cd->shape = shape;
    char *data = arena_alloc(in->arena, dtype_size(dt) * (size_t)(n > 0 ? n : 1));
    size_t index = 0;
    if (!fill_nested(in, v, dt, data, &index, loc)) return NULL;
    cd->data = data;
    return cd;
}

Value *to_tensor(Interp *in, Value *v, int preferred, SrcLoc loc) {
    if (v->kind == VAL_VARIABLE && !(v = variable_read(in, v, loc))) return NULL;
    if (v->kind == VAL_NDARRAY) v = ndarray_tensor(in, v); /* tf.constant(t.numpy()) */
    if (value_is_tensor(v)) {
        DType have = v->tensor.ir->type.dtype;
        if (preferred >= 0 && (DType)preferred != have)
            return vm_raise(in, EXC_VALUE_ERROR, loc,
                            "Tensor conversion requested dtype %s for Tensor with dtype %s",
                            dtype_name((DType)preferred), dtype_name(have));
        IrValue *ir = use_tensor(in, v, loc);
        if (!ir) return NULL;
        return ir == v->tensor.ir ? v : tensor_value(in, ir);
    }
    return python_to_tensor(in, v, preferred, loc);
}

static Value *cast_to(Interp *in, Value *t, DType to, SrcLoc loc) {
    if (t->tensor.ir->type.dtype == to) return t;
    Attrs attrs = {0};
    attrs_set_dtype(in->arena, &attrs, vm_intern(in, "dtype"), to);
    IrValue *x = t->tensor.ir;
    return emit(in, OP_CAST, &x, 1, &attrs, loc);
}

/* ---- Operators -------------------------------------------------------------------------- */

static Opcode binop_opcode(BinOp op) {
    switch (op) {
    case BIN_ADD: return OP_ADD;
    case BIN_SUB: return OP_SUB;
    case BIN_MUL: return OP_MUL;
    case BIN_DIV: return OP_DIV;
    case BIN_FLOORDIV: return OP_FLOORDIV;
    case BIN_MOD: return OP_MOD;
    case BIN_POW: return OP_POW;
    case BIN_MATMUL: return OP_MATMUL;
    default: return OP__COUNT;
    }
}

static Opcode cmpop_opcode(CmpOp op) {
    switch (op) {
    case CMP_LT: return OP_LESS;
    case CMP_LE: return OP_LESS_EQUAL;
    case CMP_GT: return OP_GREATER;
    case CMP_GE: return OP_GREATER_EQUAL;
    case CMP_EQ: return OP_EQUAL;
    case CMP_NE: return OP_NOT_EQUAL;
    default: return OP__COUNT;
    }
}

/* Both operands as tensors of one dtype: a Python operand takes the tensor's dtype
   (x * 2 with x float32 multiplies by 2.0f); two tensors must already agree. */
static bool coerce_pair(Interp *in, Opcode op, Value **a, Value **b, SrcLoc loc) {
    /* A Python operand takes the tensor operand's dtype; a tensor operand goes through
       to_tensor too, which checks it is usable here (scope, another function's graph). */
    const char *scope = op_scope(in, op);
    if (!value_is_tensor(*a)) {
        *b = op_operand(in, *b, -1, scope, "y", loc);
        *a = *b ? op_operand(in, *a, (int)(*b)->tensor.ir->type.dtype, scope, "x", loc) : NULL;
    } else {
        *a = op_operand(in, *a, -1, scope, "x", loc);
        *b = *a ? op_operand(in, *b, value_is_tensor(*b) ? -1 : (int)(*a)->tensor.ir->type.dtype,
                             scope, "y", loc)
                : NULL;
    }
    if (!*a || !*b) return false;
    DType da = (*a)->tensor.ir->type.dtype, db = (*b)->tensor.ir->type.dtype;
    if (da != db) {
        vm_raise(in, EXC_INVALID_ARGUMENT_ERROR, loc,
                 "cannot compute %s as input #1(zero-based) was expected to be a %s "
                 "tensor but is a %s tensor",
                 tf_op_name(op), tf_kernel_dtype(da), tf_kernel_dtype(db));
        return false;
    }
    return true;
}

static Value *binary(Interp *in, Opcode op, Value *a, Value *b, const Attrs *attrs, SrcLoc loc) {
    a = variable_deref(in, a, loc);
    b = a ? variable_deref(in, b, loc) : NULL;
    if (!b) return NULL;
    if (!coerce_pair(in, op, &a, &b, loc)) return NULL;
    if (op == OP_DIV && !dtype_is_float(a->tensor.ir->type.dtype)) {
        /* TensorFlow's truediv: integers are divided as float64. */
        a = cast_to(in, a, DT_FLOAT64, loc);
        b = a ? cast_to(in, b, DT_FLOAT64, loc) : NULL;
        if (!b) return NULL;
    }
    if (op == OP_ADD && a->tensor.ir->type.dtype == DT_STRING)
        op = OP_STRING_CONCAT; /* TensorFlow's Add concatenates strings */
    IrValue *inputs[2] = {a->tensor.ir, b->tensor.ir};
    return emit(in, op, inputs, 2, attrs, loc);
}

/* & | ^ on tensors: TensorFlow's logical ops on bool tensors (^ is not_equal);
   its bitwise ops on integers are not in Ingot's op set. */
static Value *tensor_bitwise(Interp *in, BinOp op, Value *a, Value *b, SrcLoc loc) {
    a = variable_deref(in, a, loc);
    b = a ? variable_deref(in, b, loc) : NULL;
    if (!b) return NULL;
    Value *ta = to_tensor(in, a, value_is_tensor(b) ? (int)b->tensor.ir->type.dtype : -1, loc);
    Value *tb = ta ? to_tensor(in, b, (int)ta->tensor.ir->type.dtype, loc) : NULL;
    if (!tb) return NULL;
    if (ta->tensor.ir->type.dtype != DT_BOOL || tb->tensor.ir->type.dtype != DT_BOOL)
        return vm_not_supported(
            in, loc,
            arena_printf(in->arena, "the operator '%s' on %s tensors (bitwise ops)",
                         ast_binop_symbol(op), dtype_name(ta->tensor.ir->type.dtype)));
    IrValue *inputs[2] = {ta->tensor.ir, tb->tensor.ir};
    Opcode code = op == BIN_BITAND  ? OP_LOGICAL_AND
                  : op == BIN_BITOR ? OP_LOGICAL_OR
                                    : OP_NOT_EQUAL;
    return emit(in, code, inputs, 2, NULL, loc);
}

Value *tensor_binop(Interp *in, BinOp op, Value *a, Value *b, SrcLoc loc) {
    if (op == BIN_BITAND || op == BIN_BITOR || op == BIN_BITXOR)
        return tensor_bitwise(in, op, a, b, loc);
    Opcode code = binop_opcode(op);
    if (code == OP__COUNT)
        return vm_not_supported(
            in, loc, arena_printf(in->arena, "the operator '%s' on tensors", ast_binop_symbol(op)));
    return binary(in, code, a, b, NULL, loc);
}

Value *tensor_compare(Interp *in, CmpOp op, Value *a, Value *b, SrcLoc loc) {
    return binary(in, cmpop_opcode(op), a, b, NULL, loc);
}

/* A one-input elementwise op on a tensor (or a tf.Variable's value). */
Value *tensor_elementwise(Interp *in, Opcode op, Value *a, SrcLoc loc) {
    a = variable_deref(in, a, loc);
    a = a ? to_tensor(in, a, -1, loc) : NULL;
    if (!a) return NULL;
    IrValue *x = a->tensor.ir;
    return emit(in, op, &x, 1, NULL, loc);
}

Value *tensor_unary(Interp *in, UnaryOp op, Value *a, SrcLoc loc) {
    if (op == UNARY_POS) return a;
    if (op == UNARY_NEG) return tensor_elementwise(in, OP_NEG, a, loc);
    if (op == UNARY_INVERT) {
        Value *t = variable_deref(in, a, loc);
        t = t ? to_tensor(in, t, -1, loc) : NULL;
        if (!t) return NULL;
        if (t->tensor.ir->type.dtype != DT_BOOL)
            return vm_not_supported(in, loc, "'~' on integer tensors (bitwise ops)");
        IrValue *x = t->tensor.ir;
        return emit(in, OP_LOGICAL_NOT, &x, 1, NULL, loc);
    }
    return vm_not_supported(in, loc, "this unary operator on tensors");
}

Value *tensor_attribute(Interp *in, Value *t, const char *name, SrcLoc loc, bool *missing) {
    *missing = false;
    const TensorType *type = &t->tensor.ir->type;
    if (strcmp(name, "dtype") == 0) return value_dtype(in->arena, type->dtype);
    if (strcmp(name, "shape") == 0) {
        Value *tuple = value_tuple(in->arena, type->shape.rank);
        for (int i = 0; i < type->shape.rank; i++)
            tuple->list->items[i] = type->shape.dims[i] == DIM_UNKNOWN
                                        ? value_none()
                                        : value_int(in->arena, type->shape.dims[i]);
        return tuple;
    }
    if (strcmp(name, "ndim") == 0) return value_int(in->arena, type->shape.rank);
    if (strcmp(name, "name") == 0 && !t->tensor.tf_name)
        return vm_raise(in, EXC_ATTRIBUTE_ERROR, loc,
                        "Tensor.name is undefined when eager execution is enabled.");
    if (strcmp(name, "name") == 0) return value_cstr(in->arena, t->tensor.tf_name);
    if (strcmp(name, "numpy") == 0 && tracer_is_eager(in)) return concrete_numpy_method(in, t);
    if (strcmp(name, "numpy") == 0)
        return vm_error(
            in, loc,
            "'numpy()' needs a concrete value: it works in eager mode only (ingot run --eager)");
    *missing = true;
    return NULL;
}

/* ---- The _ingot primitives ------------------------------------------------------------------ */

static int dtype_arg(Interp *in, Value *v, SrcLoc loc, bool *ok) {
    *ok = true;
    if (!v || v->kind == VAL_NONE) return -1;
    if (v->kind == VAL_DTYPE) return (int)v->dtype;
    *ok = false;
    vm_type_error(in, loc, "expected a tf.DType, got %s", value_repr(in->arena, v));
    return -1;
}

static bool int_list_arg(Interp *in, Value *v, int64_t *out, int *n, SrcLoc loc, const char *what) {
    if (v->kind == VAL_INT) {
        out[0] = v->i;
        *n = 1;
        return true;
    }
    if (!value_is_sequence(v) || v->list->len > IR_MAX_RANK) {
        if (value_is_tensor(v))
            return vm_not_supported(in, loc, arena_printf(in->arena, "a tensor as %s", what)),
                   false;
        vm_type_error(in, loc, "%s must be an int or a list of ints, got %s", what,
                      value_repr(in->arena, v));
        return false;
    }
    for (int i = 0; i < v->list->len; i++) {
        Value *x = v->list->items[i];
        if (x->kind != VAL_INT) {
            vm_type_error(in, loc, "%s must be a list of ints, got %s", what,
                          value_repr(in->arena, v));
            return false;
        }
        out[i] = x->i;
    }
    *n = v->list->len;
    return true;
}

static Value *prim_constant(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    static const char *const names[] = {"value", "dtype", "shape"};
    Value *a[3];
    if (!args_bind(in, args, "constant", names, 3, 1, a, loc)) return NULL;
    bool ok;
    int dt = dtype_arg(in, a[1], loc, &ok);
    if (!ok) return NULL;
    if (a[2] && a[2]->kind != VAL_NONE)
        return vm_not_supported(in, loc, "the 'shape' argument of tf.constant");
    if (value_is_tensor(a[0]) || a[0]->kind == VAL_NDARRAY) {
        Value *t = to_tensor(in, a[0], -1, loc);
        return t && dt >= 0 ? cast_to(in, t, (DType)dt, loc) : t;
    }
    return python_to_tensor(in, a[0], dt, loc);
}

static Value *prim_convert_to_tensor(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    static const char *const names[] = {"value", "dtype"};
    Value *a[2];
    if (!args_bind(in, args, "convert_to_tensor", names, 2, 1, a, loc)) return NULL;
    bool ok;
    int dt = dtype_arg(in, a[1], loc, &ok);
    return ok ? to_tensor(in, a[0], dt, loc) : NULL;
}

static Value *prim_fill(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    static const char *const names[] = {"shape", "value", "dtype", "name"};
    Value *a[4];
    if (!args_bind(in, args, "fill", names, 4, 3, a, loc)) return NULL;
    int64_t dims[IR_MAX_RANK];
    int rank;
    if (!int_list_arg(in, a[0], dims, &rank, loc, "shape")) return NULL;
    for (int i = 0; i < rank; i++)
        if (dims[i] < 0)
            return vm_raise(in, EXC_INVALID_ARGUMENT_ERROR, loc,
                            "dimension %d of shape must be >= 0, got %lld", i, (long long)dims[i]);
    bool ok;
    int dt = dtype_arg(in, a[2], loc, &ok);
    if (!ok) return NULL;
    if (!value_is_number(a[1])) return vm_not_supported(in, loc, "a non-number fill value");
    Attrs attrs = {0};
    attrs_set_dtype(in->arena, &attrs, vm_intern(in, "dtype"), dt >= 0 ? (DType)dt : DT_FLOAT32);
    attrs_set_shape(in->arena, &attrs, vm_intern(in, "shape"), shape_of(rank, dims));
    double v = a[1]->kind == VAL_FLOAT ? a[1]->f
               : a[1]->kind == VAL_INT ? (double)a[1]->i
                                       : a[1]->b;
    attrs_set_float(in->arena, &attrs, vm_intern(in, "value"), v);
    /* tf.zeros and tf.ones name their op "zeros" and "ones"; tf.fill "Fill". */
    IrValue *r = build_op(&in->tracer->builder, OP_FILL, NULL, 0, &attrs, vm_op_loc(in, loc));
    const char *base = a[3] && a[3]->kind == VAL_STR ? a[3]->str.s : NULL;
    return r ? named_tensor_value(in, r, base) : NULL;
}

Value *tensor_range(Interp *in, Value *start, Value *limit, Value *delta, int dt, SrcLoc loc) {
    if (!delta) delta = value_int(in->arena, 1);
    if (!limit || limit->kind == VAL_NONE) {
        limit = start;
        start = value_int(in->arena, 0);
    }
    Value *parts[3] = {start, limit, delta};
    if (dt < 0) {
        /* TensorFlow infers the widest of the three (int32 < int64 < float32 < float64). */
        int best = -1, rank = -1;
        for (int i = 0; i < 3; i++) {
            DType d = value_is_tensor(parts[i]) ? parts[i]->tensor.ir->type.dtype
                                                : infer_scalar_dtype(parts[i]);
            int r = d == DT_INT32     ? 0
                    : d == DT_INT64   ? 1
                    : d == DT_FLOAT32 ? 2
                    : d == DT_FLOAT64 ? 3
                                      : -1;
            if (r < 0)
                return vm_type_error(in, loc,
                                     "range() arguments must be numbers or numeric tensors");
            if (r > rank) rank = r, best = (int)d;
        }
        dt = best;
    }
    IrValue *inputs[3];
    static const char *const which[3] = {"start", "limit", "delta"};
    const char *scope = op_scope(in, OP_RANGE);
    for (int i = 0; i < 3; i++) {
        Value *t =
            op_operand(in, parts[i], value_is_tensor(parts[i]) ? -1 : dt, scope, which[i], loc);
        if (t) t = cast_to(in, t, (DType)dt, loc);
        if (!t) return NULL;
        if (t->tensor.ir->type.shape.rank != 0)
            return vm_raise(in, EXC_INVALID_ARGUMENT_ERROR, loc,
                            "range() arguments must be scalars");
        inputs[i] = t->tensor.ir;
    }
    return emit(in, OP_RANGE, inputs, 3, NULL, loc);
}

static Value *prim_range(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    static const char *const names[] = {"start", "limit", "delta", "dtype"};
    Value *a[4];
    if (!args_bind(in, args, "range", names, 4, 1, a, loc)) return NULL;
    bool ok;
    int dt = dtype_arg(in, a[3], loc, &ok);
    return ok ? tensor_range(in, a[0], a[1], a[2], dt, loc) : NULL;
}

static Value *prim_cast(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    static const char *const names[] = {"x", "dtype"};
    Value *a[2];
    if (!args_bind(in, args, "cast", names, 2, 2, a, loc)) return NULL;
    bool ok;
    int dt = dtype_arg(in, a[1], loc, &ok);
    if (!ok) return NULL;
    Value *t = to_tensor(in, a[0], -1, loc);
    return t ? cast_to(in, t, (DType)dt, loc) : NULL;
}

static Value *prim_binary(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    static const char *const names[] = {"op", "x", "y", "attrs"};
    Value *a[4];
    if (!args_bind(in, args, "binary", names, 4, 3, a, loc)) return NULL;
    Attrs attrs = {0};
    if (!attrs_from_dict(in, &attrs, a[3], loc)) return NULL;
    static const struct { const char *name; Opcode op; } table[] = {
        {"add", OP_ADD}, {"subtract", OP_SUB}, {"multiply", OP_MUL}, {"divide", OP_DIV},
        {"floordiv", OP_FLOORDIV}, {"floormod", OP_MOD}, {"pow", OP_POW}, {"matmul", OP_MATMUL},
        {"less", OP_LESS}, {"less_equal", OP_LESS_EQUAL}, {"greater", OP_GREATER},
        {"greater_equal", OP_GREATER_EQUAL}, {"equal", OP_EQUAL}, {"not_equal", OP_NOT_EQUAL},
        {"maximum", OP_MAXIMUM}, {"minimum", OP_MINIMUM},
    };
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        if (a[0]->kind == VAL_STR && strcmp(a[0]->str.s, table[i].name) == 0) {
            Value *x = variable_deref(in, a[1], loc), *y = x ? variable_deref(in, a[2], loc) : NULL;
            if (!y) return NULL;
            if (!value_is_tensor(x) && !value_is_tensor(y)) {
                x = to_tensor(in, x, -1, loc);
                if (!x) return NULL;
            }
            return binary(in, table[i].op, x, y, &attrs, loc);
        }
    return vm_raise(in, EXC_VALUE_ERROR, loc, "_ingot.binary: unknown op %s",
                    value_repr(in->arena, a[0]));
}

static Value *prim_unary(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    static const char *const names[] = {"op", "x"};
    Value *a[2];
    if (!args_bind(in, args, "unary", names, 2, 2, a, loc)) return NULL;
    const char *name = a[0]->kind == VAL_STR ? a[0]->str.s : "";
    /* Any one-input elementwise op of ops.def, by its name. */
    Opcode op = op_named(strcmp(name, "negative") == 0 ? "neg" : name);
    if (op == OP__COUNT || op_info[op].ninputs != 1 || op_info[op].abi != ABI_INPUTS)
        return vm_raise(in, EXC_VALUE_ERROR, loc, "_ingot.unary: unknown op %s",
                        value_repr(in->arena, a[0]));
    Value *t = to_tensor(in, a[1], -1, loc);
    if (!t) return NULL;
    IrValue *x = t->tensor.ir;
    return emit(in, op, &x, 1, NULL, loc);
}

/* _ingot.reduce(op, x, axis=None, keepdims=False): op is an ops.def reduction
   ("reduce_sum", "reduce_max" ...); axis an int or a list of ints, negative counting
   from the end. */
static Value *prim_reduce(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    static const char *const names[] = {"op", "x", "axis", "keepdims"};
    Value *a4[4];
    if (!args_bind(in, args, "reduce", names, 4, 2, a4, loc)) return NULL;
    Opcode op = a4[0]->kind == VAL_STR ? op_named(a4[0]->str.s) : OP__COUNT;
    if (op == OP__COUNT || op_info[op].abi != ABI_REDUCE)
        return vm_raise(in, EXC_VALUE_ERROR, loc, "_ingot.reduce: unknown op %s",
                        value_repr(in->arena, a4[0]));
    Value **a = a4 + 1;
    Value *x = variable_deref(in, a[0], loc);
    Value *t = x ? to_tensor(in, x, -1, loc) : NULL;
    if (!t) return NULL;
    int rank = t->tensor.ir->type.shape.rank;
    Attrs attrs = {0};
    if (a[1] && a[1]->kind != VAL_NONE) {
        int64_t axes[IR_MAX_RANK];
        int n;
        if (!int_list_arg(in, a[1], axes, &n, loc, "axis")) return NULL;
        for (int i = 0; i < n; i++) {
            if (axes[i] < -rank || axes[i] >= rank)
                return vm_raise(in, EXC_INVALID_ARGUMENT_ERROR, loc,
                                "Invalid reduction dimension (%lld for input with %d dimension(s))",
                                (long long)axes[i], rank);
            if (axes[i] < 0) axes[i] += rank;
            for (int k = 0; k < i; k++)
                if (axes[k] == axes[i])
                    return vm_raise(in, EXC_INVALID_ARGUMENT_ERROR, loc,
                                    "%s: axis %lld appears twice", op_info[op].name,
                                    (long long)axes[i]);
        }
        attrs_set_ints(in->arena, &attrs, vm_intern(in, "axis"), axes, n);
    }
    bool keep = false;
    if (a[2] && a[2]->kind != VAL_NONE) {
        bool ok;
        keep = value_truthy(in, a[2], loc, &ok);
        if (!ok) return NULL;
    }
    attrs_set_bool(in->arena, &attrs, vm_intern(in, "keepdims"), keep);
    IrValue *xv = t->tensor.ir;
    return emit(in, op, &xv, 1, &attrs, loc);
}

static Value *prim_print(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    const char *sep = " ", *end = "\n", *stream = "stdout";
    int64_t summarize = 3;
    for (int k = 0; k < args->nkw; k++) {
        const char *name = args->kw_names[k];
        Value *v = args->kw_values[k];
        if (strcmp(name, "sep") == 0 && v->kind == VAL_STR) sep = v->str.s;
        else if (strcmp(name, "end") == 0 && v->kind == VAL_STR) end = v->str.s;
        else if (strcmp(name, "summarize") == 0 && v->kind == VAL_INT) summarize = v->i;
        else if (strcmp(name, "summarize") == 0 && v->kind == VAL_NONE) summarize = 3;
        else if (strcmp(name, "output_stream") == 0 && v->kind == VAL_STR &&
                 (strcmp(v->str.s, "stdout") == 0 || strcmp(v->str.s, "stderr") == 0))
            stream = v->str.s; /* the stdlib's tf.print names sys.stdout or sys.stderr */
        else if (strcmp(name, "output_stream") == 0 && v->kind != VAL_NONE)
            return vm_not_supported(in, loc, "the 'output_stream' argument of tf.print");
        else if (strcmp(name, "output_stream") == 0) continue;
        else if (strcmp(name, "name") == 0) continue;
        else
            return vm_type_error(in, loc, "print() got an unexpected keyword argument '%s'", name);
    }
    IrValue **inputs;
    int ninputs;
    bool joined; /* the inputs carry sep between them as text (print_args.c) */
    if (!print_args_inputs(in, args, sep, loc, &inputs, &ninputs, &joined)) return NULL;
    if (joined) sep = "";
    Attrs attrs = {0};
    attrs_set_string(in->arena, &attrs, vm_intern(in, "sep"), sep);
    attrs_set_string(in->arena, &attrs, vm_intern(in, "end"), end);
    attrs_set_int(in->arena, &attrs, vm_intern(in, "summarize"), summarize < 0 ? -1 : summarize);
    /* standard output is the default, unnamed in the graph */
    if (strcmp(stream, "stderr") == 0)
        attrs_set_string(in->arena, &attrs, vm_intern(in, "output_stream"), stream);
    Inst *inst = build_inst(&in->tracer->builder, OP_PRINT, inputs, ninputs, &attrs, NULL,
                            vm_op_loc(in, loc));
    if (!inst) return NULL;
    return value_none();
}

/* tf.config.run_functions_eagerly(b): from now on tf.function calls run their Python
   directly (tracing.c). While a tf.function is being traced TensorFlow ignores it
   until the trace ends; here it is refused, so no trace is half graph, half inlined. */
static Value *prim_run_functions_eagerly(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    static const char *const names[] = {"run_eagerly"};
    Value *a[1];
    if (!args_bind(in, args, "run_functions_eagerly", names, 1, 1, a, loc)) return NULL;
    bool ok, on = value_truthy(in, a[0], loc, &ok);
    if (!ok) return NULL;
    if (in->tracer->tracing)
        return vm_not_supported(
            in, loc, "tf.config.run_functions_eagerly inside a tf.function being traced");
    in->tracer->run_functions_eagerly = on;
    return value_none();
}

static Value *prim_functions_run_eagerly(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    if (!args_bind(in, args, "functions_run_eagerly", NULL, 0, 0, NULL, loc)) return NULL;
    return value_bool(in->tracer->run_functions_eagerly || tracer_is_eager(in));
}

static Value *prim_function(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    static const char *const names[] = {"func", "input_signature", "reduce_retracing"};
    Value *a[3];
    if (!args_bind(in, args, "function", names, 3, 1, a, loc)) return NULL;
    if (a[0]->kind != VAL_FUNCTION)
        return vm_type_error(in, loc, "tf.function expects a Python function, got %s",
                             value_type_name(a[0]));
    bool ok = true, relax = a[2] ? value_truthy(in, a[2], loc, &ok) : false;
    return ok ? tf_function_new(in, a[0], a[1], relax, loc) : NULL;
}

PyModule *ingot_primitives_module(Interp *in) {
    PyModule *m = pymodule_create(in, "_ingot", NULL, true);
    static const PrimDef prims[] = {
        {"constant", prim_constant},
        {"convert_to_tensor", prim_convert_to_tensor},
        {"fill", prim_fill},
        {"range", prim_range},
        {"cast", prim_cast},
        {"binary", prim_binary},
        {"unary", prim_unary},
        {"reduce", prim_reduce},
        {"print", prim_print},
        {"function", prim_function},
        {"run_functions_eagerly", prim_run_functions_eagerly},
        {"functions_run_eagerly", prim_functions_run_eagerly},
    };
    prims_install(in, m, prims, sizeof prims / sizeof prims[0], NULL);
    control_prims_install(in, m);
    variables_install(in, m);
    flag_prims_install(in, m);
    file_probe_prims_install(in, m);
    random_prims_install(in, m);
    op_prims_install(in, m);
    name_scope_prims_install(in, m);
    tape_install(in, m);
    /* tf.errors' classes: the exceptions the interpreter raises for TensorFlow. */
    static const char *const errors[] = {"OpError", "InvalidArgumentError",
                                         "OperatorNotAllowedInGraphError",
                                         "InaccessibleTensorError"};
    for (size_t i = 0; i < sizeof errors / sizeof errors[0]; i++)
        env_set_local(in, m->globals, vm_intern(in, errors[i]),
                      tensorflow_error_class(in, errors[i]));
    for (int dt = 0; dt < DT__COUNT; dt++)
        env_set_local(in, m->globals, vm_intern(in, dtype_name((DType)dt)),
                      value_dtype(in->arena, (DType)dt));
    return m;
}
