/* test_print.c — the IR text form (golden text for a small module; literals and
 * attributes) and the DOT output's structure. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "program_fixture.h"

TestSuite(print, .init = gf_setup, .fini = gf_teardown);
TestSuite(dot, .init = gf_setup, .fini = gf_teardown);

Test(print, golden_small_module) {
    gf_build_small();
    const char *want =
        "func @main() -> () {\n"
        "  %0:f32[] = const 3.0:f32        # compute.py:8\n"
        "  %1:f32[] = call @compute__1 %0  # compute.py:9\n"
        "  print %0, %1                    # compute.py:10\n"
        "  ret\n"
        "}\n"
        "\n"
        "func @compute__1(%0:f32[]) -> (f32[]) {\n"
        "  %1:f32[] = const 2.0:f32  # compute.py:5\n"
        "  %2:f32[] = mul %0, %1     # compute.py:5\n"
        "  %3:f32[] = const 1.0:f32  # compute.py:6\n"
        "  %4:f32[] = add %2, %3     # compute.py:6\n"
        "  ret %4\n"
        "}\n";
    cr_assert_str_eq(pf_capture(graph_print), want);
}

Test(print, program_function_comes_first) {
    /* A traced function created before the program function still prints second. */
    Arena *a = arena_new();
    Module *m = module_new(a, "t.py");
    Func *f = func_new(m, "f", FUNC_TRACED, gf_at(4, 1));
    region_set_results(m, f->body, NULL, 0);
    Func *p = func_new(m, NULL, FUNC_PROGRAM, gf_at(1, 1));
    region_set_results(m, p->body, NULL, 0);
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    graph_print(out, m);
    fclose(out);
    cr_assert_str_eq(buf, "func @main() -> () {\n  ret\n}\n\nfunc @f__1() -> () {\n  ret\n}\n");
    free(buf);
    arena_free(a);
}

Test(print, attributes_and_literals) {
    Attrs fa = {0};
    attrs_set_dtype(gf.arena, &fa, "dtype", DT_FLOAT32);
    attrs_set_shape(gf.arena, &fa, "shape", shape_of(2, (int64_t[]){2, 3}));
    attrs_set_float(gf.arena, &fa, "value", 1.0);
    IrValue *x = build_op(&gf.b, OP_FILL, NULL, 0, &fa, gf_at(11, 5));
    Attrs r = {0};
    attrs_set_ints(gf.arena, &r, "axis", (int64_t[]){1}, 1);
    attrs_set_bool(gf.arena, &r, "keepdims", false);
    IrValue *s = build_op(&gf.b, OP_REDUCE_SUM, &x, 1, &r, gf_at(12, 5));
    Attrs pa = {0};
    attrs_set_string(gf.arena, &pa, "sep", " ");
    attrs_set_string(gf.arena, &pa, "end", "\n");
    build_inst(&gf.b, OP_PRINT, &s, 1, &pa, NULL, gf_at(10, 1));
    int32_t big[20];
    for (int i = 0; i < 20; i++) big[i] = i;
    build_const(&gf.b, gf_data(DT_INT32, 1, (int64_t[]){20}, big), gf_at(8, 1));
    float small[4] = {1.0f, 2.5f, -3.0f, 0.1f};
    build_const(&gf.b, gf_data(DT_FLOAT32, 2, (int64_t[]){2, 2}, small), gf_at(8, 1));
    const char *str = "say \"hi\"\n";
    build_const(&gf.b, gf_data(DT_STRING, 0, NULL, &str), gf_at(8, 1));
    bool t = true;
    build_const(&gf.b, gf_data(DT_BOOL, 0, NULL, &t), gf_at(8, 1));
    double big_d = 1e20, third = 1.0 / 3.0;
    build_const(&gf.b, gf_data(DT_FLOAT64, 0, NULL, &big_d), gf_at(8, 1));
    build_const(&gf.b, gf_data(DT_FLOAT64, 0, NULL, &third), gf_at(8, 1));
    Attrs ca = {0};
    attrs_set_dtype(gf.arena, &ca, "dtype", DT_INT64);
    build_op(&gf.b, OP_CAST, &s, 1, &ca, gf_at(12, 5));
    region_set_results(gf.m, gf.program->body, NULL, 0);
    cr_assert_eq(gf.diag.errors, 0, "%s", gf_diag());

    const char *text = pf_capture(graph_print);
    const char *lines[] = {
        "  %0:f32[2,3] = fill {dtype=f32, shape=[2,3], value=1.0}",
        "  %1:f32[2] = reduce_sum %0 {axis=[1], keepdims=false}",
        "  print %1 {sep=\" \", end=\"\\n\"}",
        "  %2:i32[20] = const [0, 1, 2, ..., 17, 18, 19]:i32",
        "  %3:f32[2,2] = const [[1.0, 2.5], [-3.0, 0.1]]:f32",
        "  %4:str[] = const \"say \\\"hi\\\"\\n\":str",
        "  %5:bool[] = const true:bool",
        "  %6:f64[] = const 1e+20:f64",
        "  %7:f64[] = const 0.3333333333333333:f64",
        "  %8:i64[2] = cast %1 {dtype=i64}",
    };
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++)
        cr_assert(strstr(text, lines[i]), "missing line '%s' in:\n%s", lines[i], text);
}

Test(print, values_are_renumbered_densely_per_function) {
    /* Ids are module-wide (compute's run 0..4, main's 5..6); each function prints
     * its own from %0. */
    gf_build_small();
    cr_assert(gf.m->next_value_id > 5);
    const char *text = pf_capture(graph_print);
    cr_assert(strstr(text, "func @compute__1(%0:f32[])"));
    cr_assert_null(strstr(text, "%5"), "%s", text);
}

/* ---- DOT ------------------------------------------------------------------------- */
static int count(const char *hay, const char *needle) {
    int n = 0;
    for (const char *p = strstr(hay, needle); p; p = strstr(p + 1, needle)) n++;
    return n;
}

Test(dot, one_cluster_per_function_with_data_and_call_edges) {
    gf_build_small();
    const char *text = pf_capture(graph_print_dot);
    cr_assert(strncmp(text, "digraph module {\n", 17) == 0, "%s", text);
    cr_assert_eq(count(text, "{"), count(text, "}"), "braces balance:\n%s", text);
    /* The legend, then one cluster per function. */
    cr_assert_eq(count(text, "subgraph cluster_"), 3);
    const char *legend = strstr(text, "subgraph cluster_legend {");
    const char *c0 = strstr(text, "subgraph cluster_f0 {");
    const char *c1 = strstr(text, "subgraph cluster_f1 {");
    cr_assert(legend && c0 && c1 && legend < c0 && c0 < c1, "program cluster first:\n%s", text);
    cr_assert(strstr(text, "label=\"@main: the script's top level\";"), "%s", text);
    cr_assert(strstr(text, "label=\"@compute__1\";"), "%s", text);
    /* Nodes labelled with op and the script's name (else %N) and type. */
    cr_assert(strstr(text, "f1_v2 [id=\"f1_v2\", class=\"L5\", label=\"mul\\ny:f32[]\""),
              "%s", text);
    cr_assert(strstr(text, "f1_v4 [id=\"f1_v4\", class=\"L6\", label=\"add\\n%4:f32[]\""),
              "%s", text);
    cr_assert(strstr(text, "f0_v1 [id=\"f0_v1\", class=\"L9\", "
                           "label=\"call @compute__1\\nb:f32[]\""),
              "%s", text);
    cr_assert(strstr(text, "f0_i0 [id=\"f0_i0\", class=\"L10\", label=\"print\", "
                           "tooltip=\"compute.py:10: tf.print(a, b)\", style=bold];"),
              "%s", text);
    /* Data flow: the mul reads the parameter and the constant; print reads both values. */
    cr_assert(strstr(text, "f1_v0 -> f1_v2;"), "%s", text);
    cr_assert(strstr(text, "f1_v1 -> f1_v2;"), "%s", text);
    cr_assert(strstr(text, "f0_v0 -> f0_i0;"), "%s", text);
    cr_assert(strstr(text, "f0_v1 -> f0_i0;"), "%s", text);
    cr_assert(strstr(text, "f1_v4 -> f1_ret"), "%s", text);
    /* The call points at the callee's cluster. */
    cr_assert(strstr(text, "f0_v1 -> f1_entry [style=dashed, lhead=cluster_f1];"), "%s", text);
    cr_assert(strstr(text, "compound=true;"));
}

Test(dot, output_is_deterministic) {
    gf_build_small();
    const char *a = pf_capture(graph_print_dot);
    const char *b = pf_capture(graph_print_dot);
    cr_assert_str_eq(a, b);
    const char *p = pf_capture(graph_print);
    const char *q = pf_capture(graph_print);
    cr_assert_str_eq(p, q);
}
