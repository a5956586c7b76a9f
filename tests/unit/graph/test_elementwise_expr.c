/* test_elementwise_expr.c — the elementwise op's expression language: which ops fuse,
 * the trees the parser makes, and the malformed texts it refuses (which the shape rule
 * turns into a located error). */
#include <criterion/criterion.h>

#include "arena.h"
#include "elementwise_expr.h"

static Arena *arena;

static void setup(void) { arena = arena_new(); }
static void teardown(void) { arena_free(arena); }

TestSuite(elementwise_expr, .init = setup, .fini = teardown);

Test(elementwise_expr, fusing_ops_are_float_arithmetic) {
    cr_assert(ew_op_fuses(OP_ADD) && ew_op_fuses(OP_MAXIMUM) && ew_op_fuses(OP_SQRT));
    cr_assert(!ew_op_fuses(OP_MATMUL) && !ew_op_fuses(OP_EXP) && !ew_op_fuses(OP_ELEMENTWISE));
}

Test(elementwise_expr, parses_nested_terms) {
    const EwTerm *t = ew_expr_parse(arena, "add(mul($0, $1), neg($2))", 3);
    cr_assert_not_null(t);
    cr_assert_eq(t->input, -1);
    cr_assert_eq(t->op, OP_ADD);
    cr_assert_eq(t->nargs, 2);
    const EwTerm *mul = t->args[0], *neg = t->args[1];
    cr_assert_eq(mul->op, OP_MUL);
    cr_assert_eq(mul->args[0]->input, 0);
    cr_assert_eq(mul->args[1]->input, 1);
    cr_assert_eq(neg->op, OP_NEG);
    cr_assert_eq(neg->nargs, 1);
    cr_assert_eq(neg->args[0]->input, 2);
    cr_assert(ew_expr_valid("add(mul($0, $1), neg($2))", 3));
}

Test(elementwise_expr, a_lone_input_is_a_term) {
    const EwTerm *t = ew_expr_parse(arena, "$0", 1);
    cr_assert_not_null(t);
    cr_assert_eq(t->input, 0);
}

Test(elementwise_expr, refuses_malformed_text) {
    static const struct {
        const char *expr;
        int ninputs;
    } bad[] = {
        {"exp($0)", 1},              /* not a fusing op */
        {"matmul($0, $1)", 2},       /* an op, but not one that fuses */
        {"add($0)", 1},              /* too few arguments */
        {"neg($0, $1)", 2},          /* too many */
        {"add($0, $2)", 2},          /* an input out of range */
        {"add($0,$1)", 2},           /* the separator is ", " */
        {"add($0, $1) ", 2},         /* text after the term */
        {"add($0, $1", 2},           /* unclosed */
        {"$", 1},                    /* no input number */
        {"", 1},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        cr_assert_null(ew_expr_parse(arena, bad[i].expr, bad[i].ninputs), "%s", bad[i].expr);
        cr_assert(!ew_expr_valid(bad[i].expr, bad[i].ninputs), "%s", bad[i].expr);
    }
}
