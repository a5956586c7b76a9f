/* shape_rules.h — what the shape-inference files share (shape.c: creation, elementwise,
 * linear algebra, calls and control flow; shape_array.c: indexing and shapes;
 * shape_nn.c: neural-network ops). Every rule named in ops.def is declared here, as
 * shape_<rule>, so shape.c's dispatch table can reach them all.
 * Memory owner: none; rules write the caller's arrays and message buffer. */
#ifndef INGOT_SHAPE_RULES_H
#define INGOT_SHAPE_RULES_H

#include "ir.h"

typedef bool ShapeRule(Opcode op, IrValue **in, int nin, const Attrs *attrs, const Func *callee,
                       TensorType *out, int *nout, ShapeError *err);

#define OP(code, name, inputs, effect, shape_rule, rt, abi, tf_type) ShapeRule shape_##shape_rule;
#include "ops.def"
#undef OP

#define SHAPE_BUF (16 * IR_MAX_RANK + 4)

/* A failed rule: "<op>: message" into err; always returns false. */
bool shape_fail(ShapeError *err, Opcode op, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* A rule that meets Ingot's limit, valid TensorFlow: "<op>: not supported yet: message"
   into err, marked unsupported; always returns false. */
bool shape_unsupported(ShapeError *err, Opcode op, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
TensorType tensor_type(DType dt, Shape s);
bool dtype_is_numeric(DType dt);
/* NumPy broadcasting of a and b into out; an error names both shapes. */
bool broadcast_shapes(Opcode op, const Shape *a, const Shape *b, Shape *out, ShapeError *err);
/* in[0] and in[1] have one dtype, else an error naming both. */
bool same_dtype(Opcode op, IrValue **in, ShapeError *err);
/* x is a string tensor, which an op that copies elements (the array ops, gather,
   select) cannot take: the runtime's string tensors are scalars. TensorFlow allows it,
   so it is Ingot's limit: true, with err marked unsupported (shape_unsupported). */
bool shape_string_refused(Opcode op, const IrValue *x, ShapeError *err);
/* An int attribute, or dflt when absent. */
int64_t attr_int_or(const Attrs *attrs, const char *key, int64_t dflt);
/* One dim's slice begin:end:stride of a dim of length dim, as TensorFlow clamps it
   (whole_begin/whole_end: the begin/end mask bits): the first index *first and the
   bound *bound it stops before, in stride's direction. */
void slice_bounds(int64_t dim, int64_t begin, int64_t end, int64_t stride, bool whole_begin,
                  bool whole_end, int64_t *first, int64_t *bound);

#endif
