/* emit_scalar.h — which values of a function the C back end keeps in C variables
 * (`int64_t v7_n`, `float v9_x`) instead of tensors, and the C expression of each op
 * computed on them. A value is a C scalar when it is 0-d, of a numeric or bool dtype,
 * and made by an op with a C form (arithmetic, comparisons, logic, casts, select) or
 * carried by a cond or while; a 0-d constant is a C literal. Such values cost no
 * allocation and no kernel call: a scalar loop becomes a C loop. A kernel that takes
 * one as a tensor gets it boxed for that call (ig_box_i64); a scalar op given a tensor
 * reads its element (ig_value_i64). The arithmetic is ingot/scalar.h's, the kernels'
 * own, so a value does not depend on which form computed it.
 * Entry points: scalar_plan, scalar_op_expr, scalar_elementwise_expr.
 * Memory owner: the caller's Arena. */
#ifndef INGOT_EMIT_SCALAR_H
#define INGOT_EMIT_SCALAR_H

#include "ir.h"

typedef enum { VALUE_TENSOR, VALUE_SCALAR, VALUE_LITERAL } ValueForm;

typedef struct ScalarPlan {
    unsigned char *form; /* IrValue.id -> ValueForm */
    /* IrValue.id -> a literal that some use takes as a tensor, so its constant tensor
       is made as well */
    bool *tensor_use;
} ScalarPlan;

/* The plan for f; with enabled false every value stays a tensor. */
ScalarPlan scalar_plan(Arena *a, const Module *m, const Func *f, bool enabled);

/* Whether inst is computed as a C expression (its output is a scalar and it is no
 * cond or while). */
bool scalar_plan_computes(const ScalarPlan *p, const Inst *inst);

/* Whether the expression of inst names its site (an op that can fail at run time:
 * integer division by zero, negative integer powers). */
bool scalar_op_needs_site(const Inst *inst);

/* The C expression of inst over its operands' scalar texts: "ig_mod_i64(&s15, v13_n, 2)",
 * "v8_i < v0_limit", "(int64_t)v12_i". site is "&s15" when scalar_op_needs_site. */
const char *scalar_op_expr(Arena *a, const Inst *inst, const char *const *operands,
                           const char *site);

/* The C type of a scalar of dt: "int64_t". */
const char *scalar_c_type(DType dt);
/* The suffix of its scalar.h functions: "i64" (ig_value_i64, ig_box_i64). */
const char *scalar_suffix(DType dt);

/* The C expression of one element of a fused elementwise op of dtype (its "expr", made
 * by compiler/passes/fuse_elementwise.c over $0, $1...) over its operands' texts
 * ("x0[i]", "0.5f"): operators for arithmetic, with parentheses around every inner
 * one, ingot/scalar.h's functions for the rest: "ig_relu_f32((x0[i] * 0.5f) + x1)". */
const char *scalar_elementwise_expr(Arena *a, DType dtype, const char *expr,
                                    const char *const *operands, int noperands);

#endif
