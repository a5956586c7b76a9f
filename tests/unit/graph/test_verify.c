/* test_verify.c — graph_verify accepts what the builder makes and rejects modules
 * broken by hand, one defect at a time, with a message naming the problem. */
#include <criterion/criterion.h>
#include <string.h>

#include "graph_fixture.h"

TestSuite(verify, .init = gf_setup, .fini = gf_teardown);

static void expect_rejected(const char *fragment) {
    char err[512];
    cr_assert_not(graph_verify(gf.m, err, sizeof err), "verify should fail with '%s'", fragment);
    cr_assert(strstr(err, fragment), "message '%s' lacks '%s'", err, fragment);
}

Test(verify, accepts_built_modules) {
    gf_build_small();
    char err[512] = "untouched";
    cr_assert(graph_verify(gf.m, err, sizeof err), "%s", err);
    cr_assert_str_eq(err, "");
}

Test(verify, accepts_an_empty_program) {
    char err[512];
    cr_assert(graph_verify(gf.m, err, sizeof err), "%s", err);
}

Test(verify, rejects_use_before_definition) {
    GfSmall s = gf_build_small();
    /* Move the print before the call that defines one of its inputs. */
    Region *r = gf.program->body;
    s.call->next = NULL;
    s.print->prev = s.a->def;
    s.print->next = s.call;
    s.call->prev = s.print;
    s.a->def->next = s.print;
    r->last = s.call;
    expect_rejected("print uses value #");
    expect_rejected("not defined before it");
}

Test(verify, rejects_values_from_another_function) {
    GfSmall s = gf_build_small();
    s.print->inputs[0] = s.y; /* defined in compute, used in main */
    expect_rejected("@main: print uses value");
}

Test(verify, rejects_a_wrong_output_type) {
    GfSmall s = gf_build_small();
    s.y->type = gf_type(DT_FLOAT32, 1, 3);
    expect_rejected("'mul' output 0 is f32[3], shape inference gives f32[]");
}

Test(verify, rejects_what_shape_inference_rejects) {
    GfSmall s = gf_build_small();
    s.two->def->outputs[0]->type.dtype = DT_INT32;
    ((ConstData *)attrs_get(&s.two->def->attrs, "value")->tensor)->dtype = DT_INT32;
    expect_rejected("shape inference rejects 'mul': mul: dtypes differ (float32 vs int32)");
}

Test(verify, rejects_a_call_outside_the_module) {
    GfSmall s = gf_build_small();
    Arena *other_arena = arena_new();
    Module *other = module_new(other_arena, "other.py");
    func_new(other, NULL, FUNC_PROGRAM, gf_at(1, 1));
    Func *stranger = func_new(other, "compute", FUNC_TRACED, gf_at(4, 1));
    stranger->body = s.compute->body; /* same types, so only membership is wrong */
    s.call->callee = stranger;
    char err[512];
    bool ok = graph_verify(gf.m, err, sizeof err);
    arena_free(other_arena);
    cr_assert_not(ok);
    cr_assert(strstr(err, "call to @compute__1, which is not in the module"), "%s", err);
}

Test(verify, rejects_a_call_without_callee) {
    GfSmall s = gf_build_small();
    s.call->callee = NULL;
    expect_rejected("call without a callee");
}

Test(verify, rejects_a_badly_formed_print) {
    GfSmall s = gf_build_small();
    attrs_set_int(gf.arena, &s.print->attrs, "sep", 3);
    expect_rejected("print attribute 'sep' has the wrong kind");
    s.print->attrs.len = 0;
    attrs_set_string(gf.arena, &s.print->attrs, "colour", "red");
    expect_rejected("print has an unknown attribute 'colour'");
    s.print->attrs.len = 0;
    attrs_set_string(gf.arena, &s.print->attrs, "output_stream", "stdin");
    expect_rejected("output_stream must be");
    s.print->attrs.len = 0;
    attrs_set_string(gf.arena, &s.print->attrs, "sep", ", ");
    attrs_set_int(gf.arena, &s.print->attrs, "summarize", 5);
    char err[512];
    cr_assert(graph_verify(gf.m, err, sizeof err), "%s", err);
}

Test(verify, rejects_missing_results) {
    GfSmall s = gf_build_small();
    s.compute->body->results = NULL;
    expect_rejected("@compute__1: the function's results are missing");
    IrValue *none = NULL;
    region_set_results(gf.m, s.compute->body, &none, 1);
    expect_rejected("@compute__1: result 0 is missing");
}

Test(verify, rejects_a_result_defined_elsewhere) {
    GfSmall s = gf_build_small();
    s.compute->body->results[0] = s.a;
    expect_rejected("ret uses value");
}

Test(verify, rejects_inconsistent_links) {
    GfSmall s = gf_build_small();
    s.y->def->parent = gf.program->body;
    expect_rejected("'mul' has the wrong parent region");
    s.y->def->parent = s.compute->body;
    s.compute->body->func = gf.program;
    expect_rejected("a region points at the wrong function");
    s.compute->body->func = s.compute;
    s.y->def_index = 1;
    expect_rejected("'mul' output 0 does not point back at it");
    s.y->def_index = 0;
    s.x->param_of = gf.program->body;
    expect_rejected("parameter 0 does not point back at its region");
}

Test(verify, rejects_a_value_defined_twice) {
    GfSmall s = gf_build_small();
    s.one->def->outputs[0] = s.two;
    expect_rejected("does not point back"); /* the alias is caught by its def link */
    s.one->def->outputs[0] = s.one;
    s.one->id = s.two->id;
    expect_rejected("is defined twice");
}

Test(verify, rejects_a_program_function_out_of_place) {
    gf_build_small();
    Func *tmp = gf.m->funcs[0];
    gf.m->funcs[0] = gf.m->funcs[1];
    gf.m->funcs[1] = tmp;
    expect_rejected("the first function is not the program function");
}
