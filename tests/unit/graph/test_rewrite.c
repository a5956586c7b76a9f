/* test_rewrite.c — the in-place rewrites a gradient makes of instructions already
 * built (graph/rewrite.c): a cond's and a while's captured values, a new result of a
 * cond, a new loop variable, a new result of a called function reaching every call,
 * moving an instruction; each rewritten graph must still verify. */
#include <criterion/criterion.h>

#include "cf_fixture.h"

TestSuite(rewrite, .init = cf_setup, .fini = gf_teardown);

static void expect_verified(void) {
    char err[512];
    cr_assert(graph_verify(gf.m, err, sizeof err), "%s", err);
}

Test(rewrite, captures_are_the_outer_values_each_once_in_order) {
    IrValue *x = cf_f32(3.0f, 2), *i = cf_i32(0, 3), *limit = cf_i32(10, 8);
    Inst *cond = cf_build_cond(x);
    int n = -1;
    IrValue **caps = inst_captures(gf.arena, cond, &n);
    /* the then branch reads x (x > 2.0 is the predicate, outside); else yields x */
    cr_assert_eq(n, 1);
    cr_assert_eq(caps[0], x);
    Inst *loop = cf_build_while(cond->outputs[0], i, limit);
    caps = inst_captures(gf.arena, loop, &n);
    cr_assert_eq(n, 1, "only the limit: the carried values are params");
    cr_assert_eq(caps[0], limit);
    cr_assert(value_defined_in(loop->regions[1]->params[0], loop->regions[1]));
    cr_assert_not(value_defined_in(limit, loop->regions[1]));
}

Test(rewrite, a_cond_gains_a_result_from_both_branches) {
    IrValue *x = cf_f32(3.0f, 2);
    Inst *cond = cf_build_cond(x);
    Region *then_r = cond->regions[0], *else_r = cond->regions[1];
    Region *outer = cf_enter(then_r);
    IrValue *t = cf_op(OP_MUL, x, x, 4);
    cf_enter(else_r);
    IrValue *e = cf_f32(0.0f, 6);
    cf_enter(outer);
    IrValue *out = cond_add_result(gf.m, cond, t, e);
    cr_assert_eq(cond->noutputs, 2);
    cr_assert_eq(cond->outputs[1], out);
    cr_assert_eq(out->def_index, 1);
    cr_assert_eq(then_r->results[1], t);
    cr_assert_eq(else_r->results[1], e);
    cr_assert_str_eq(gf_type_str(out->type), "f32[]");
    expect_verified();
}

Test(rewrite, a_while_gains_a_loop_variable) {
    IrValue *x = cf_f32(3.0f, 2), *i = cf_i32(0, 3), *limit = cf_i32(10, 8);
    Inst *loop = cf_build_while(x, i, limit);
    IrValue *zero = cf_i32(0, 9);
    /* the init must come before the loop */
    region_move_inst(gf.b.region, zero->def, loop->prev);
    cr_assert_eq(zero->def->next, loop);
    IrValue *param;
    IrValue *out = while_add_var(gf.m, loop, zero, zero->type, &param);
    cr_assert_eq(loop->ninputs, 3);
    cr_assert_eq(loop->noutputs, 3);
    cr_assert_eq(loop->regions[0]->nparams, 3);
    cr_assert_eq(loop->regions[1]->params[2], param);
    cr_assert_eq(loop->regions[1]->results[2], param, "carried unchanged until set");
    Region *outer = cf_enter(loop->regions[1]);
    loop->regions[1]->results[2] = cf_op(OP_ADD, param, cf_i32(1, 9), 9);
    cf_enter(outer);
    cr_assert_eq(out, loop->outputs[2]);
    expect_verified();
}

Test(rewrite, a_function_result_reaches_every_call) {
    GfSmall s = gf_build_small();
    Inst *second = build_inst(&gf.b, OP_CALL, &s.a, 1, NULL, s.compute, gf_at(3, 1));
    cr_assert(second);
    int r = func_add_result(gf.m, s.compute, s.y);
    cr_assert_eq(r, 1);
    cr_assert_eq(s.call->noutputs, 2);
    cr_assert_eq(second->noutputs, 2);
    cr_assert_eq(second->outputs[1]->def_index, 1);
    cr_assert_str_eq(gf_type_str(second->outputs[1]->type), gf_type_str(s.y->type));
    expect_verified();
}
