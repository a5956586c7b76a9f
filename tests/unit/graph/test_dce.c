/* test_dce.c — dead code elimination (compiler/passes/dce.c): unused pure values go,
 * chains of them go together, effects and values used from nested regions stay, and
 * the graph still verifies. */
#include <criterion/criterion.h>
#include <criterion/new/assert.h>

#include "cf_fixture.h"
#include "passes.h"

TestSuite(dce, .init = cf_setup, .fini = gf_teardown);

static int count_insts(const Region *r) {
    int n = 0;
    for (const Inst *x = r->first; x; x = x->next) {
        n++;
        for (int i = 0; i < x->nregions; i++) n += count_insts(x->regions[i]);
    }
    return n;
}

static void verify_ok(void) {
    char err[512];
    cr_assert(graph_verify(gf.m, err, sizeof err), "%s", err);
}

Test(dce, removes_an_unused_chain) {
    IrValue *a = cf_f32(1.0f, 1);
    IrValue *b = cf_op(OP_ADD, a, cf_f32(2.0f, 1), 1);   /* a + 2: unused */
    cf_op(OP_NEG, b, NULL, 2);                            /* -(a + 2): unused */
    region_set_results(gf.m, gf.program->body, NULL, 0);
    cr_assert(eq(int, count_insts(gf.program->body), 4));
    cr_assert(eq(int, pass_dce(gf.arena, gf.m), 4));
    cr_assert(eq(int, count_insts(gf.program->body), 0));
    verify_ok();
}

Test(dce, keeps_effects_and_what_they_use) {
    IrValue *a = cf_f32(1.0f, 1);
    IrValue *unused = cf_f32(5.0f, 2);
    (void)unused;
    cf_print(&a, 1, 3);
    region_set_results(gf.m, gf.program->body, NULL, 0);
    cr_assert(eq(int, pass_dce(gf.arena, gf.m), 1));
    cr_assert(eq(int, count_insts(gf.program->body), 2)); /* the const printed, the print */
    verify_ok();
}

Test(dce, keeps_values_used_inside_nested_regions) {
    IrValue *x = cf_f32(3.0f, 1);
    IrValue *i = cf_i32(0, 1);
    IrValue *limit = cf_i32(4, 1);                       /* used only by the loop's test */
    IrValue *dead = cf_op(OP_MUL, x, x, 2);              /* unused */
    (void)dead;
    Inst *w = cf_build_while(x, i, limit);
    cf_print(&w->outputs[0], 1, 12);
    region_set_results(gf.m, gf.program->body, NULL, 0);
    int before = count_insts(gf.program->body);
    cr_assert(eq(int, pass_dce(gf.arena, gf.m), 1));
    cr_assert(eq(int, count_insts(gf.program->body), before - 1));
    verify_ok();
}

Test(dce, removes_dead_code_inside_a_region) {
    Func *f = gf.b.region->func;
    Region *then_r = region_new(gf.m, f), *else_r = region_new(gf.m, f);
    IrValue *p = cf_bool(true, 1);
    Region *outer = cf_enter(then_r);
    IrValue *t = cf_f32(1.0f, 2);
    cf_op(OP_NEG, t, NULL, 2);                           /* dead, inside the branch */
    region_set_results(gf.m, then_r, &t, 1);
    cf_enter(else_r);
    IrValue *e = cf_f32(2.0f, 4);
    region_set_results(gf.m, else_r, &e, 1);
    cf_enter(outer);
    Inst *c = build_cond(&gf.b, p, then_r, else_r, cf_at(1));
    cr_assert(c != NULL);
    cf_print(&c->outputs[0], 1, 5);
    region_set_results(gf.m, gf.program->body, NULL, 0);
    cr_assert(eq(int, pass_dce(gf.arena, gf.m), 1));
    cr_assert(eq(ptr, then_r->first, t->def));
    cr_assert(eq(ptr, then_r->last, t->def));
    verify_ok();
}
