/* elementwise_expr.h — the expression language of the elementwise op (ops.def's
 * OP_ELEMENTWISE, which passes/fuse_elementwise.c makes of a chain of arithmetic): one
 * term in prefix form over the op's inputs, "$K" (input K) or NAME(TERM) or
 * NAME(TERM, TERM) with NAME an op's IR name, as in "add(mul($0, $1), $2)". The one
 * list of the ops a chain may hold and the one parser of the text: the fusion pass asks
 * the first, the shape rule checks the text and the C back end reads it with the second.
 * Entry points: ew_op_fuses, ew_expr_parse, ew_expr_valid.
 * Memory owner: the Arena given to ew_expr_parse. */
#ifndef INGOT_GRAPH_ELEMENTWISE_EXPR_H
#define INGOT_GRAPH_ELEMENTWISE_EXPR_H

#include "ir.h"

typedef struct EwTerm {
    int input;                  /* K of "$K"; -1 for an op */
    Opcode op;                  /* the op, when input is -1 */
    const struct EwTerm *args[2];
    int nargs;                  /* the op's arity: 1 or 2 */
} EwTerm;

/* Whether op may be a link of a chain: float arithmetic the C back end writes as a C
 * operator or an ingot/scalar.h element function. */
bool ew_op_fuses(Opcode op);

/* The term expr spells over ninputs inputs, made in a; NULL when expr is not exactly one
 * well-formed term (an unknown name, a wrong arity, an input out of range, text after). */
const EwTerm *ew_expr_parse(Arena *a, const char *expr, int ninputs);

/* Whether ew_expr_parse would accept expr (no arena needed). */
bool ew_expr_valid(const char *expr, int ninputs);

#endif
