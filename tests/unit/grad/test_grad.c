/* test_grad.c — the gradient rules (compiler/grad) as graphs: grads.def lists every op,
 * broadcasting is summed back to each input's shape, integer inputs take no gradient.
 * Their numbers are checked end to end, against finite differences, in both modes
 * (tests/e2e/gradients). */
#include <criterion/criterion.h>

#include "grad.h"
#include "graph_fixture.h"

TestSuite(grad, .init = gf_setup, .fini = gf_teardown);

Test(grad, every_op_is_listed_once_in_grads_def) {
    for (int op = 0; op < OP__COUNT; op++)
        cr_assert_neq(grad_kind(op), GRAD_UNLISTED, "op '%s' is not in grads.def",
                      op_info[op].name);
    cr_assert_eq(grad_kind(OP_MUL), GRAD_RULE);
    cr_assert_eq(grad_kind(OP_LESS), GRAD_NONE);
    cr_assert_eq(grad_kind(OP_STOP_GRADIENT), GRAD_NONE);
    cr_assert_eq(grad_kind(OP_CONV2D), GRAD_RULE);
    cr_assert_eq(grad_kind(OP_WHILE), GRAD_RULE);
    cr_assert_eq(grad_kind(OP_CALL), GRAD_RULE);
    cr_assert_eq(grad_kind(OP_REDUCE_PROD), GRAD_RULE);
    cr_assert_eq(grad_kind(OP_BATCH_NORM), GRAD_RULE);
}

static IrValue *backward_of(Opcode op, IrValue *x, IrValue *y, IrValue **dx) {
    IrValue *in[2] = {x, y};
    IrValue *z = build_op(&gf.b, op, in, 2, NULL, gf_at(3, 1));
    cr_assert(z, "%s", gf_diag());
    GradOp g = {op, &z->def->attrs, in, 2, &z, 1, NULL, NULL};
    IrValue *dz = grad_fill_like(&gf.b, z, 1, gf_at(4, 1));
    cr_assert(grad_op(&gf.b, &g, &dz, dx, gf_at(4, 1)), "%s", gf_diag());
    return z;
}

Test(grad, broadcast_inputs_get_gradients_of_their_own_shape) {
    IrValue *dx[2];
    IrValue *x = gf_input(DT_FLOAT32, 2, 2, 3), *b = gf_input(DT_FLOAT32, 1, 3);
    backward_of(OP_MUL, x, b, dx);
    cr_assert_str_eq(gf_type_str(dx[0]->type), "f32[2,3]");
    cr_assert_str_eq(gf_type_str(dx[1]->type), "f32[3]");
    cr_assert_eq(dx[1]->def->op, OP_SUM_TO, "the broadcast input's gradient is summed");
    /* An unknown batch dim: summed at run time, to a shape known from the input. */
    IrValue *u = gf_input(DT_FLOAT32, 2, -1, 3);
    backward_of(OP_ADD, u, b, dx);
    cr_assert_str_eq(gf_type_str(dx[0]->type), "f32[?,3]");
    cr_assert_str_eq(gf_type_str(dx[1]->type), "f32[3]");
}

Test(grad, integer_inputs_take_no_gradient) {
    IrValue *dx[2];
    IrValue *x = gf_input(DT_INT32, 1, 2), *y = gf_input(DT_INT32, 1, 2);
    backward_of(OP_MUL, x, y, dx);
    cr_assert_null(dx[0]);
    cr_assert_null(dx[1]);
}

Test(grad, matmul_gradients_have_the_operands_shapes) {
    IrValue *dx[2];
    IrValue *a = gf_input(DT_FLOAT64, 2, 4, 2), *b = gf_input(DT_FLOAT64, 2, 2, 3);
    backward_of(OP_MATMUL, a, b, dx);
    cr_assert_str_eq(gf_type_str(dx[0]->type), "f64[4,2]");
    cr_assert_str_eq(gf_type_str(dx[1]->type), "f64[2,3]");
}
