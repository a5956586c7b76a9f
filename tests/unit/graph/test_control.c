/* test_control.c — cond and while in the IR: the builder's output types and user
 * errors, the verifier's checks on region signatures and dominance (one hand-broken
 * graph per failure), and both printers (IR text golden, DOT clusters). */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "cf_fixture.h"

TestSuite(control, .init = cf_setup, .fini = gf_teardown);
TestSuite(verify_control, .init = cf_setup, .fini = gf_teardown);

/* x = 3.0; i = 0; if/else on x; while i < 10; print(x, i) */
typedef struct CfProgram {
    IrValue *x, *i, *limit;
    Inst *cond, *loop, *print;
} CfProgram;

static CfProgram build_program(void) {
    CfProgram p;
    p.x = cf_f32(3.0f, 2);
    p.x->name_hint = "x";
    p.i = cf_i32(0, 3);
    p.i->name_hint = "i";
    p.cond = cf_build_cond(p.x);
    p.limit = cf_i32(10, 8);
    p.loop = cf_build_while(p.cond->outputs[0], p.i, p.limit);
    cf_print(p.loop->outputs, 2, 11);
    p.print = gf.b.region->last;
    region_set_results(gf.m, gf.program->body, NULL, 0);
    cr_assert_eq(gf.diag.errors, 0, "%s", gf_diag());
    return p;
}

static const char *print_to_string(bool dot) {
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (dot) graph_print_dot(f, gf.m);
    else graph_print(f, gf.m);
    fclose(f);
    const char *copy = arena_strdup(gf.arena, buf);
    free(buf);
    return copy;
}

static void expect_verified(void) {
    char err[512];
    cr_assert(graph_verify(gf.m, err, sizeof err), "%s", err);
}

/* graph_verify fails with a message containing want. */
static void expect_rejected(const char *want) {
    char err[512];
    cr_assert_not(graph_verify(gf.m, err, sizeof err), "accepted, expected: %s", want);
    cr_assert(strstr(err, want), "got \"%s\", expected it to contain \"%s\"", err, want);
}

/* ---- builder -------------------------------------------------------------------- */
Test(control, cond_adopts_its_regions_and_joins_the_branch_types) {
    IrValue *p = cf_bool(true, 4);
    Region *t = region_new(gf.m, gf.program), *e = region_new(gf.m, gf.program);
    IrValue *a = gf_input(DT_FLOAT32, 2, 2, 3), *b = gf_input(DT_FLOAT32, 2, 2, 4);
    IrValue *c = gf_input(DT_INT32, 1, -1);
    region_set_results(gf.m, t, (IrValue *[]){a, c}, 2);
    region_set_results(gf.m, e, (IrValue *[]){b, c}, 2);
    Inst *cond = build_cond(&gf.b, p, t, e, cf_at(4));
    cr_assert_not_null(cond, "%s", gf_diag());
    cr_assert_eq(cond->op, OP_COND);
    cr_assert_eq(cond->nregions, 2);
    cr_assert_eq(cond->regions[0], t);
    cr_assert_eq(cond->regions[1], e);
    cr_assert_eq(t->parent, cond);
    cr_assert_eq(e->parent, cond);
    cr_assert_eq(cond->parent, gf.program->body);
    cr_assert_eq(cond->noutputs, 2);
    cr_assert_str_eq(gf_type_str(cond->outputs[0]->type), "f32[2,?]");
    cr_assert_str_eq(gf_type_str(cond->outputs[1]->type), "i32[?]");
    cr_assert_eq(cond->outputs[1]->def, cond);
    cr_assert_eq(cond->outputs[1]->def_index, 1);
}

Test(control, region_new_belongs_to_the_function_and_is_detached) {
    Region *r = region_new(gf.m, gf.program);
    cr_assert_eq(r->func, gf.program);
    cr_assert_null(r->parent);
    cr_assert_null(r->first);
    cr_assert_eq(r->nparams, 0);
}

Test(control, cond_may_have_no_outputs) {
    Region *t = region_new(gf.m, gf.program), *e = region_new(gf.m, gf.program);
    IrValue *p = cf_bool(false, 4);
    Region *outer = cf_enter(t);
    cf_print_text("yes", 5);
    cf_enter(outer);
    Inst *cond = build_cond(&gf.b, p, t, e, cf_at(4));
    cr_assert_not_null(cond, "%s", gf_diag());
    cr_assert_eq(cond->noutputs, 0);
    region_set_results(gf.m, gf.program->body, NULL, 0);
    expect_verified();
}

static void expect_cond_error(IrValue *pred, Region *t, Region *e, const char *want) {
    cr_assert_null(build_cond(&gf.b, pred, t, e, cf_at(4)));
    cr_assert(strstr(gf_diag(), want), "diagnostics:\n%s\nexpected: %s", gf_diag(), want);
    cr_assert(strstr(gf_diag(), "loop.py:4:1: error: "), "%s", gf_diag());
    cr_assert_null(t->parent);
}

Test(control, cond_errors_are_reported_at_the_if) {
    IrValue *f = gf_input(DT_FLOAT32, 0), *v = gf_input(DT_BOOL, 1, 2), *p = gf_input(DT_BOOL, 0);
    Region *t = region_new(gf.m, gf.program), *e = region_new(gf.m, gf.program);
    expect_cond_error(f, t, e, "cond: the predicate must be a bool scalar, got f32[]");
    expect_cond_error(v, t, e, "cond: the predicate must be a bool scalar, got bool[2]");
    region_set_results(gf.m, t, &f, 1);
    expect_cond_error(p, t, e, "cond: the branches yield 1 and 0 values");
    region_set_results(gf.m, e, &v, 1);
    expect_cond_error(p, t, e, "cond: value 1 is f32[] in one branch and bool[2] in the other");
    IrValue *r1 = gf_input(DT_FLOAT32, 1, 3);
    region_set_results(gf.m, e, &r1, 1);
    expect_cond_error(p, t, e, "cond: value 1 is f32[] in one branch and f32[3] in the other");
    region_add_param(gf.m, t, f->type, NULL);
    expect_cond_error(p, t, e, "cond: branches take no parameters");
}

Test(control, while_outputs_take_the_params_types) {
    IrValue *x = gf_input(DT_FLOAT32, 1, 3), *stop = gf_input(DT_BOOL, 0);
    Region *c = region_new(gf.m, gf.program), *b = region_new(gf.m, gf.program);
    TensorType relaxed = gf_type(DT_FLOAT32, 1, -1);
    region_add_param(gf.m, c, relaxed, NULL);
    IrValue *bp = region_add_param(gf.m, b, relaxed, NULL);
    region_set_results(gf.m, c, &stop, 1);
    IrValue *longer = gf_input(DT_FLOAT32, 1, 4);
    region_set_results(gf.m, b, &longer, 1);
    Inst *w = build_while(&gf.b, &x, 1, c, b, cf_at(8));
    cr_assert_not_null(w, "%s", gf_diag());
    cr_assert_eq(w->op, OP_WHILE);
    cr_assert_eq(w->noutputs, 1);
    cr_assert_str_eq(gf_type_str(w->outputs[0]->type), "f32[?]");
    cr_assert_eq(c->parent, w);
    cr_assert_eq(b->parent, w);
    cr_assert_eq(bp->param_of, b);
}

static void expect_while_error(IrValue **inits, int n, Region *c, Region *b, const char *want) {
    cr_assert_null(build_while(&gf.b, inits, n, c, b, cf_at(8)));
    cr_assert(strstr(gf_diag(), want), "diagnostics:\n%s\nexpected: %s", gf_diag(), want);
    cr_assert(strstr(gf_diag(), "loop.py:8:1: error: "), "%s", gf_diag());
}

Test(control, while_errors_are_reported_at_the_loop) {
    IrValue *x = gf_input(DT_FLOAT32, 1, 3), *stop = gf_input(DT_BOOL, 0),
            *n = gf_input(DT_INT32, 0);
    Region *c = region_new(gf.m, gf.program), *b = region_new(gf.m, gf.program);
    expect_while_error(&x, 1, c, b,
                       "while: 1 loop variable but the condition takes 0 and the body 0");
    region_add_param(gf.m, c, x->type, NULL);
    IrValue *bp = region_add_param(gf.m, b, gf_type(DT_FLOAT32, 1, -1), NULL);
    region_set_results(gf.m, c, &stop, 1);
    region_set_results(gf.m, b, &bp, 1);
    expect_while_error(&x, 1, c, b,
                       "while: loop variable 1 is f32[3] in the condition but f32[?] in the body");
    Region *c2 = region_new(gf.m, gf.program);
    region_add_param(gf.m, c2, bp->type, NULL);
    region_set_results(gf.m, c2, &stop, 1);
    expect_while_error(&n, 1, c2, b,
                       "while: loop variable 1 enters the loop as i32[], expected f32[?]");
    region_set_results(gf.m, c2, &n, 1);
    expect_while_error(&x, 1, c2, b, "while: the condition must yield one bool scalar");
    region_set_results(gf.m, c2, &stop, 1);
    region_set_results(gf.m, b, NULL, 0);
    expect_while_error(&x, 1, c2, b, "while: the body yields 0 values for 1 loop variable");
    IrValue *m = gf_input(DT_FLOAT32, 2, 3, 1);
    region_set_results(gf.m, b, &m, 1);
    expect_while_error(&x, 1, c2, b,
                       "while: loop variable 1 is f32[3,1] after an iteration, expected f32[?]");
    region_set_results(gf.m, b, &bp, 1);
    cr_assert_not_null(build_while(&gf.b, &x, 1, c2, b, cf_at(8)), "%s", gf_diag());
}

Test(control, zero_trip_loop_without_variables) {
    Region *c = region_new(gf.m, gf.program), *b = region_new(gf.m, gf.program);
    Region *outer = cf_enter(c);
    IrValue *no = cf_bool(false, 8);
    region_set_results(gf.m, c, &no, 1);
    cf_enter(outer);
    Inst *w = build_while(&gf.b, NULL, 0, c, b, cf_at(8));
    cr_assert_not_null(w, "%s", gf_diag());
    cr_assert_eq(w->noutputs, 0);
    region_set_results(gf.m, gf.program->body, NULL, 0);
    expect_verified();
}

/* ---- verifier ------------------------------------------------------------------- */
Test(verify_control, accepts_built_control_flow) {
    build_program();
    expect_verified();
}

Test(verify_control, rejects_a_non_bool_predicate) {
    CfProgram p = build_program();
    p.cond->inputs[0] = p.x;
    expect_rejected(
        "shape inference rejects 'cond': cond: the predicate must be a bool scalar, got f32[]");
}

Test(verify_control, rejects_a_branch_with_parameters) {
    CfProgram p = build_program();
    region_add_param(gf.m, p.cond->regions[0], p.x->type, NULL);
    expect_rejected("cond: branches take no parameters");
}

Test(verify_control, rejects_branches_of_different_arity) {
    CfProgram p = build_program();
    region_set_results(gf.m, p.cond->regions[1], NULL, 0);
    expect_rejected("cond: the branches yield 1 and 0 values");
}

Test(verify_control, rejects_a_cond_output_of_the_wrong_type) {
    CfProgram p = build_program();
    p.cond->outputs[0]->type = gf_type(DT_FLOAT32, 1, 2);
    expect_rejected("'cond' output 0 is f32[2], shape inference gives f32[]");
}

Test(verify_control, rejects_a_region_op_without_its_regions) {
    CfProgram p = build_program();
    p.cond->nregions = 1;
    expect_rejected("cond: expected 2 regions, got 1");
}

Test(verify_control, rejects_regions_on_an_ordinary_op) {
    CfProgram p = build_program();
    Inst *mul = p.cond->regions[0]->first->next; /* const 2.0, then mul */
    cr_assert_eq(mul->op, OP_MUL);
    mul->regions = p.cond->regions;
    mul->nregions = 1;
    expect_rejected("mul: takes no regions");
}

Test(verify_control, rejects_a_region_used_twice) {
    CfProgram p = build_program();
    p.cond->regions[1] = p.cond->regions[0];
    expect_rejected("'cond' has the same region twice");
}

Test(verify_control, rejects_a_region_with_the_wrong_parent) {
    CfProgram p = build_program();
    p.loop->regions[1]->parent = p.cond;
    expect_rejected("a region has the wrong parent instruction");
}

Test(verify_control, rejects_a_non_bool_loop_condition) {
    CfProgram p = build_program();
    Region *c = p.loop->regions[0];
    region_set_results(gf.m, c, &c->params[1], 1);
    expect_rejected("while: the condition must yield one bool scalar");
}

Test(verify_control, rejects_a_body_of_the_wrong_arity) {
    CfProgram p = build_program();
    Region *b = p.loop->regions[1];
    region_set_results(gf.m, b, b->results, 1);
    expect_rejected("while: the body yields 1 value for 2 loop variables");
}

Test(verify_control, rejects_a_body_result_that_does_not_fit) {
    CfProgram p = build_program();
    Region *b = p.loop->regions[1];
    region_set_results(gf.m, b, (IrValue *[]){b->results[1], b->results[0]}, 2);
    expect_rejected("while: loop variable 1 is i32[] after an iteration, expected f32[]");
}

Test(verify_control, rejects_a_loop_input_that_does_not_fit) {
    CfProgram p = build_program();
    p.loop->inputs[1] = p.x;
    expect_rejected("while: loop variable 2 enters the loop as f32[], expected i32[]");
}

Test(verify_control, rejects_a_parameter_count_mismatch) {
    CfProgram p = build_program();
    p.loop->regions[0]->nparams = 1;
    expect_rejected("while: 2 loop variables but the condition takes 1 and the body 2");
}

Test(verify_control, rejects_a_while_output_not_typed_as_its_param) {
    CfProgram p = build_program();
    p.loop->outputs[1]->type = gf_type(DT_INT32, 1, -1);
    expect_rejected("'while' output 1 is i32[?], shape inference gives i32[]");
}

/* Dominance: a region sees what its enclosing regions defined before the instruction,
 * nothing else. */
Test(verify_control, rejects_a_value_from_the_sibling_branch) {
    CfProgram p = build_program();
    Region *t = p.cond->regions[0], *e = p.cond->regions[1];
    region_set_results(gf.m, e, t->results, 1);
    expect_rejected("yield uses value");
}

Test(verify_control, rejects_a_value_defined_after_the_instruction) {
    CfProgram p = build_program();
    /* The limit, made a float so that only dominance is wrong, is defined after the
     * cond; the then-branch's mul may not use it. */
    Inst *mul = p.cond->regions[0]->first->next;
    mul->inputs[0] = p.limit;
    p.limit->type = p.x->type;
    p.limit->def->attrs.items[0].tensor = gf_data(DT_FLOAT32, 0, NULL, &(float){10.0f});
    expect_rejected("mul uses value #");
}

Test(verify_control, rejects_the_instructions_own_output_inside_it) {
    CfProgram p = build_program();
    Region *b = p.loop->regions[1];
    b->first->next->inputs[0] = p.loop->outputs[0]; /* x + 1.0 on the while's own output */
    expect_rejected("add uses value #");
}

Test(verify_control, rejects_a_condition_value_in_the_body) {
    CfProgram p = build_program();
    Region *c = p.loop->regions[0], *b = p.loop->regions[1];
    b->first->next->next->next->inputs[0] = c->params[1]; /* i + 1 on the condition's i */
    expect_rejected("add uses value #");
}

Test(verify_control, rejects_a_region_value_used_after_the_instruction) {
    CfProgram p = build_program();
    p.print->inputs[0] = p.loop->regions[1]->results[0];
    expect_rejected("print uses value #");
}

Test(verify_control, accepts_captured_values_and_yields_of_params) {
    CfProgram p = build_program();
    Region *b = p.loop->regions[1];
    /* The body yields its own x unchanged and adds the captured limit to i. */
    b->first->next->next->next->inputs[1] = p.limit;
    region_set_results(gf.m, b, (IrValue *[]){b->params[0], b->results[1]}, 2);
    expect_verified();
}

/* ---- printing ------------------------------------------------------------------- */
Test(control, prints_regions_with_yield) {
    build_program();
    const char *want =
        "func @main() -> () {\n"
        "  %0:f32[] = const 3.0:f32                                         # loop.py:2\n"
        "  %1:i32[] = const 0:i32                                           # loop.py:3\n"
        "  %2:f32[] = const 2.0:f32                                         # loop.py:4\n"
        "  %3:bool[] = greater %0, %2                                       # loop.py:4\n"
        "  %4:f32[] = cond %3 {                                             # loop.py:4\n"
        "    %5:f32[] = const 2.0:f32                                       # loop.py:5\n"
        "    %6:f32[] = mul %0, %5                                          # loop.py:5\n"
        "    yield %6\n"
        "  } else {\n"
        "    %7:str[] = const \"small\":str                                   # loop.py:7\n"
        "    print %7                                                       # loop.py:7\n"
        "    yield %0\n"
        "  }\n"
        "  %8:i32[] = const 10:i32                                          # loop.py:8\n"
        "  %9:f32[], %10:i32[] = while %4, %1 cond(%11:f32[], %12:i32[]) {  # loop.py:8\n"
        "    %13:bool[] = less %12, %8                                      # loop.py:8\n"
        "    yield %13\n"
        "  } body(%14:f32[], %15:i32[]) {\n"
        "    %16:f32[] = const 1.0:f32                                      # loop.py:9\n"
        "    %17:f32[] = add %14, %16                                       # loop.py:9\n"
        "    %18:i32[] = const 1:i32                                        # loop.py:10\n"
        "    %19:i32[] = add %15, %18                                       # loop.py:10\n"
        "    yield %17, %19\n"
        "  }\n"
        "  print %9, %10                                                    # loop.py:11\n"
        "  ret\n"
        "}\n";
    cr_assert_str_eq(print_to_string(false), want);
}

Test(control, prints_a_while_nested_in_a_cond) {
    IrValue *i = cf_i32(0, 3), *limit = cf_i32(10, 8), *p = cf_bool(true, 4);
    Region *t = region_new(gf.m, gf.program), *e = region_new(gf.m, gf.program);
    Region *outer = cf_enter(t);
    IrValue *x = cf_f32(1.0f, 5);
    Inst *w = cf_build_while(x, i, limit);
    region_set_results(gf.m, t, &w->outputs[1], 1);
    cf_enter(e);
    region_set_results(gf.m, e, &i, 1);
    cf_enter(outer);
    cr_assert_not_null(build_cond(&gf.b, p, t, e, cf_at(4)), "%s", gf_diag());
    region_set_results(gf.m, gf.program->body, NULL, 0);
    expect_verified();
    const char *text = print_to_string(false);
    cr_assert(strstr(text, "  %3:i32[] = cond %2 {"), "%s", text);
    cr_assert(strstr(text, "    %5:f32[], %6:i32[] = while %4, %0 cond(%7:f32[], %8:i32[]) {"),
              "%s", text);
    cr_assert(strstr(text, "      %9:bool[] = less %8, %1"), "%s", text);
    cr_assert(strstr(text, "    } body(%10:f32[], %11:i32[]) {\n"), "%s", text);
    cr_assert(
        strstr(text, "      yield %13, %15\n    }\n    yield %6\n  } else {\n    yield %0\n  }\n"),
        "%s", text);
}

Test(dot, nested_regions_are_labelled_clusters_with_carried_edges) {
    build_program();
    const char *text = print_to_string(true);
    /* One cluster per region, labelled, inside the function's cluster. */
    cr_assert(strstr(text, "subgraph cluster_f0_r0 {\n    id=\"f0_r0\";\n    label=\"then\";"),
              "%s", text);
    cr_assert(strstr(text, "subgraph cluster_f0_r1 {\n    id=\"f0_r1\";\n    label=\"else\";"),
              "%s", text);
    cr_assert(strstr(text, "subgraph cluster_f0_r2 {\n    id=\"f0_r2\";\n    label=\"cond\";"),
              "%s", text);
    cr_assert(strstr(text, "subgraph cluster_f0_r3 {\n    id=\"f0_r3\";\n    label=\"body\";"),
              "%s", text);
    /* A captured value: the then-branch's mul reads %0 from outside. */
    cr_assert(strstr(text, "f0_v0 -> f0_v6;"), "%s", text);
    /* The else-branch yields the captured %0 to the cond's node. */
    cr_assert(strstr(text, "f0_v0 -> f0_v4 [style=dotted];"), "%s", text);
    /* Carried values: the while's inputs (%4, %1) feed both regions' params. */
    cr_assert(strstr(text, "f0_v4 -> f0_v11 [style=dashed];"), "%s", text);
    cr_assert(strstr(text, "f0_v1 -> f0_v12 [style=dashed];"), "%s", text);
    cr_assert(strstr(text, "f0_v4 -> f0_v14 [style=dashed];"), "%s", text);
    cr_assert(strstr(text, "f0_v1 -> f0_v15 [style=dashed];"), "%s", text);
    /* The body's yields go back to the while's node (%9). */
    cr_assert(strstr(text, "f0_v17 -> f0_v9 [style=dotted];"), "%s", text);
    cr_assert(strstr(text, "f0_v19 -> f0_v9 [style=dotted];"), "%s", text);
    /* No edge inside a region's cluster: Graphviz would pull the captured value's node
     * into it. */
    for (int k = 0; k < 4; k++) {
        char head[64];
        snprintf(head, sizeof head, "subgraph cluster_f0_r%d {", k);
        const char *start = strstr(text, head), *end = start ? strstr(start, "\n    }\n") : NULL;
        cr_assert(start && end, "%s", text);
        const char *edge = strstr(start, " -> ");
        cr_assert(!edge || edge > end, "an edge inside %s:\n%s", head, text);
    }
    /* Balanced braces: the clusters are closed. */
    int depth = 0;
    for (const char *s = text; *s; s++) depth += *s == '{' ? 1 : *s == '}' ? -1 : 0;
    cr_assert_eq(depth, 0);
}
