/* test_dot.c — what the DOT picture tells a reader (graph/dot.c): the script's names,
 * lines and trace reasons, the order of @main's effects, AutoGraph's flags left out
 * unless asked for, one function alone, and no edge to a node that is not drawn. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "cf_fixture.h"
#include "program_fixture.h"

TestSuite(dot_text, .init = gf_setup, .fini = gf_teardown);
TestSuite(dot_flags, .init = cf_setup, .fini = gf_teardown);

static const char *dot_of(const Func *only, bool all, bool legend) {
    return graph_dot_text(gf.arena, gf.m, only, &(DotOptions){.all = all, .legend = legend});
}

static int count(const char *hay, const char *needle) {
    int n = 0;
    for (const char *p = strstr(hay, needle); p; p = strstr(p + 1, needle)) n++;
    return n;
}

/* Every edge's two ends are nodes the text declares: Graphviz would otherwise draw a
 * stray default node for the missing one. */
static void expect_no_dangling_edges(const char *text) {
    for (const char *p = strstr(text, " -> "); p; p = strstr(p + 1, " -> ")) {
        const char *start = p;
        while (start > text && start[-1] != ' ') start--;
        const char *end = p + 4;
        size_t n = strcspn(end, " ;");
        char decl[128];
        snprintf(decl, sizeof decl, "    %.*s [", (int)(p - start), start);
        cr_assert(strstr(text, decl) || strstr(text, decl + 2), "no node for %s in:\n%s", decl,
                  text);
        snprintf(decl, sizeof decl, "    %.*s [", (int)n, end);
        cr_assert(strstr(text, decl) || strstr(text, decl + 2), "no node for %s in:\n%s", decl,
                  text);
    }
}

Test(dot_text, function_label_gives_the_python_call_and_why_it_was_traced) {
    GfSmall s = gf_build_small();
    s.compute->py_signature = "compute(x: f32[], n=2)";
    s.compute->trace_reason = "argument 'n': the Python int 2 is not the Python int 1";
    s.compute->traced_at = gf_at(9, 5);
    const char *text = dot_of(NULL, false, true);
    cr_assert(strstr(text, "    label=\"@compute__1: compute(x: f32[], n=2)\\ntraced at "
                           "compute.py:9: argument 'n': the Python int 2 is not the Python int "
                           "1\";\n"),
              "%s", text);
    /* Without the Python call, the IR signature under the Python name. */
    s.compute->py_signature = NULL;
    s.compute->signature = "(x: f32[])";
    s.compute->trace_reason = NULL;
    text = dot_of(NULL, false, true);
    cr_assert(strstr(text, "    label=\"@compute__1: compute(x: f32[])\";\n"), "%s", text);
}

Test(dot_text, nodes_carry_their_script_line_as_class_and_tooltip) {
    gf_build_small();
    const char *text = dot_of(NULL, false, true);
    /* The line's text without its indentation or trailing blanks. */
    cr_assert(strstr(text, "    f1_v2 [id=\"f1_v2\", class=\"L5\", label=\"mul\\ny:f32[]\", "
                           "tooltip=\"compute.py:5: y = x * 2.0\"];\n"),
              "%s", text);
    /* A parameter: the def. */
    cr_assert(strstr(text, "    f1_v0 [id=\"f1_v0\", class=\"L4\", label=\"x:f32[]\", "
                           "tooltip=\"compute.py:4: def compute(x):\", shape=ellipse];\n"),
              "%s", text);
    /* The program's entry stands for the whole script: no line. */
    cr_assert(strstr(text, "    f0_entry [id=\"f0_entry\", label=\"@main\", shape=oval];\n"),
              "%s", text);
    cr_assert(strstr(text, "  subgraph cluster_f1 {\n    id=\"f1\";\n"), "%s", text);
}

Test(dot_text, a_line_of_another_file_has_a_tooltip_but_no_line_class) {
    GfSmall s = gf_build_small();
    SourceFile *other = diag_source_from_string(gf.arena, "lib/helpers.py", "def h():\n");
    s.print->loc.file = other;
    s.print->loc.line = 1;
    s.print->src_line = "def h():";
    const char *text = dot_of(NULL, false, true);
    cr_assert(strstr(text, "    f0_i0 [id=\"f0_i0\", label=\"print\", "
                           "tooltip=\"helpers.py:1: def h():\", style=bold];\n"),
              "%s", text);
}

Test(dot_text, program_effects_are_chained_in_order_from_entry_to_ret) {
    GfSmall s = gf_build_small();
    /* A second call and print after the first: const, call, print, call, print. */
    Inst *again = build_inst(&gf.b, OP_CALL, &s.a, 1, NULL, s.compute, gf_at(9, 5));
    build_inst(&gf.b, OP_PRINT, again->outputs, 1, NULL, NULL, gf_at(10, 1));
    const char *text = dot_of(NULL, false, true);
    const char *order = " [color=gray, arrowhead=empty];\n";
    const char *want[] = {"f0_entry -> f0_v1", "f0_i0 -> f0_v2", "f0_i1 -> f0_ret"};
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
        cr_assert(strstr(text, arena_printf(gf.arena, "    %s%s", want[i], order)), "%s: %s",
                  want[i], text);
    /* Where a data edge joins two effects already, no second edge. */
    cr_assert(strstr(text, "    f0_v1 -> f0_i0;\n"), "%s", text);
    cr_assert_null(strstr(text, arena_printf(gf.arena, "f0_v1 -> f0_i0%s", order)), "%s", text);
    cr_assert_eq(count(text, order), 3, "%s", text);
    expect_no_dangling_edges(text);
}

Test(dot_text, a_function_without_effects_joins_entry_and_ret_through_its_values) {
    gf_build_small();
    const char *text = dot_of(NULL, false, false);
    cr_assert_null(strstr(text, "f1_entry -> f1_ret"), "%s", text);
    cr_assert(strstr(text, "    f1_entry -> f1_v0 [style=dotted];\n"), "%s", text);
    cr_assert(strstr(text, "    f1_v4 -> f1_ret [style=dotted];\n"), "%s", text);
}

Test(dot_text, legend_explains_the_edge_styles_and_shapes) {
    gf_build_small();
    const char *text = dot_of(NULL, false, true);
    const char *legend = strstr(text, "  subgraph cluster_legend {\n");
    cr_assert(legend, "%s", text);
    const char *want[] = {
        "label=\"data: a value flows\"",
        "label=\"call, variable, loop-carried value\"",
        "label=\"parameter in, result out (ret, yield)\"",
        "label=\"order of the effects\"",
        "[minlen=3, style=dashed]",
        "[minlen=3, style=dotted]",
        "[minlen=3, color=gray, arrowhead=empty]",
        "shape=cylinder",
        "shape=ellipse",
        "style=bold",
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
        cr_assert(strstr(legend, want[i]), "%s missing:\n%s", want[i], legend);
    cr_assert_null(strstr(dot_of(NULL, false, false), "legend"));
    expect_no_dangling_edges(text);
}

Test(dot_text, one_function_alone_has_no_edges_to_other_clusters) {
    GfSmall s = gf_build_small();
    const char *text = dot_of(s.compute, false, false);
    cr_assert(strncmp(text, "digraph module {\n", 17) == 0, "%s", text);
    cr_assert_eq(count(text, "subgraph cluster_"), 1, "%s", text);
    cr_assert(strstr(text, "subgraph cluster_f1 {"), "%s", text);
    cr_assert_null(strstr(text, "f0_"), "%s", text);
    text = dot_of(gf.program, false, false);
    cr_assert(strstr(text, "label=\"call @compute__1\\nb:f32[]\""), "%s", text);
    cr_assert_null(strstr(text, "lhead"), "%s", text);
    cr_assert_null(strstr(text, "f1_"), "%s", text);
    expect_no_dangling_edges(text);
    /* The FILE * form prints the same text. */
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    graph_print_dot_with(f, gf.m, gf.program, &(DotOptions){0});
    fclose(f);
    cr_assert_str_eq(buf, text);
    free(buf);
}

/* if x > 2.0 (line 4): both branches set do_return_1 = True and yield y; then a cond on
 * not do_return_1 (line 6) picks y or x, and the program prints it (line 7). */
static Inst *build_flagged_conds(void) {
    IrValue *x = cf_f32(3.0f, 2);
    x->name_hint = "x";
    IrValue *pred = cf_op(OP_GREATER, x, cf_f32(2.0f, 4), 4);
    Region *then_r = region_new(gf.m, gf.program), *else_r = region_new(gf.m, gf.program);
    Region *top = cf_enter(then_r);
    IrValue *t[2] = {cf_bool(true, 5), cf_op(OP_MUL, x, x, 5)};
    region_set_results(gf.m, then_r, t, 2);
    cf_enter(else_r);
    IrValue *e[2] = {cf_bool(true, 7), cf_op(OP_NEG, x, NULL, 7)};
    region_set_results(gf.m, else_r, e, 2);
    cf_enter(top);
    Inst *c = build_cond(&gf.b, pred, then_r, else_r, cf_at(4));
    c->outputs[0]->name_hint = "do_return_1";
    c->outputs[1]->name_hint = "y";
    IrValue *go = cf_op(OP_LOGICAL_NOT, c->outputs[0], NULL, 6);
    Region *t2 = region_new(gf.m, gf.program), *e2 = region_new(gf.m, gf.program);
    region_set_results(gf.m, t2, &c->outputs[1], 1);
    region_set_results(gf.m, e2, &x, 1);
    Inst *c2 = build_cond(&gf.b, go, t2, e2, cf_at(6));
    cf_print(c2->outputs, 1, 7);
    region_set_results(gf.m, gf.program->body, NULL, 0);
    cr_assert_eq(gf.diag.errors, 0, "%s", gf_diag());
    pf_verify_ok();
    return c;
}

Test(dot_flags, autograph_flags_and_what_only_computes_them_are_left_out) {
    build_flagged_conds();
    /* %0 x, %1 2.0, %2 greater, %3/%4 the cond (do_return_1, y), %5 true, %6 mul,
     * %7 true, %8 neg, %9 logical_not, %10 the second cond. */
    const char *text = dot_of(NULL, false, true);
    cr_assert_null(strstr(text, "const true"), "%s", text);
    cr_assert_null(strstr(text, "logical_not"), "%s", text);
    cr_assert_null(strstr(text, "bool[]\\n"), "the flag is no output:\n%s", text);
    cr_assert_null(strstr(text, "ag-flag"), "%s", text);
    cr_assert(strstr(text, "label=\"cond\\ny:f32[]\\nsets do_return_1\""), "%s", text);
    cr_assert(strstr(text, "label=\"cond\\n%10:f32[]\\nreads not do_return_1\""), "%s", text);
    cr_assert_null(strstr(text, "f0_v5 -> "), "%s", text);
    cr_assert_null(strstr(text, "f0_v9"), "%s", text);
    /* y still flows: the then-branch of the second cond yields it. */
    cr_assert(strstr(text, "    f0_v3 -> f0_v10 [style=dotted];\n"), "%s", text);
    cr_assert(strstr(text, "    f0_v6 -> f0_v3 [style=dotted];\n"), "%s", text);
    expect_no_dangling_edges(text);
}

Test(dot_flags, all_draws_the_flags_marked_as_autograph_s) {
    build_flagged_conds();
    const char *text = dot_of(NULL, true, true);
    /* Each drawn, its class marking it AutoGraph's. */
    cr_assert_eq(count(text, "class=\"ag-flag\", label=\"const true\\n"), 2, "%s", text);
    cr_assert(strstr(text, "class=\"ag-flag\", label=\"cond\\ndo_return_1:bool[]\\ny:f32[]\""),
              "%s", text);
    cr_assert(strstr(text, "class=\"ag-flag\", label=\"logical_not\\n%9:bool[]\""), "%s", text);
    cr_assert_eq(count(text, "ag-flag"), 4, "%s", text);
    cr_assert(strstr(text, "    f0_v5 -> f0_v3 [style=dotted];\n"), "%s", text);
    cr_assert(strstr(text, "    f0_v3 -> f0_v9;\n"), "%s", text);
    cr_assert(strstr(text, "    f0_v9 -> f0_v10;\n"), "%s", text);
    cr_assert_null(strstr(text, "sets "), "%s", text);
    cr_assert_null(strstr(text, "reads "), "%s", text);
    expect_no_dangling_edges(text);
}

Test(dot_flags, only_autograph_s_own_names_are_flags) {
    Inst *c = build_flagged_conds();
    const char *names[] = {"do_returns", "break_x", "do_return_", "retval", "break__"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        c->outputs[0]->name_hint = names[i];
        const char *text = dot_of(NULL, false, true);
        cr_assert(strstr(text, "const true"), "%s is the user's:\n%s", names[i], text);
    }
    const char *flags[] = {"do_return", "retval_", "break_", "continue_", "break__12"};
    for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++) {
        c->outputs[0]->name_hint = flags[i];
        const char *text = dot_of(NULL, false, true);
        cr_assert_null(strstr(text, "const true"), "%s is AutoGraph's:\n%s", flags[i], text);
    }
}
