/* test_variables.c — module-level variables (tf.Variable) in the IR: unique C-safe
 * names, the read/assign shape rules, the verifier, the text and DOT printers, and
 * programs that update a variable, emitted, compiled with -Werror and run (under the
 * sanitizer build, LeakSanitizer also checks that every value is released). */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cf_fixture.h"
#include "program_fixture.h"
#include "config.h"

TestSuite(variables, .init = cf_setup, .fini = gf_teardown);

static Global *add_i32(const char *name, int32_t x, int line) {
    return module_add_global(gf.m, name, gf_data(DT_INT32, 0, NULL, &x), true, cf_at(line));
}

/* ---- names and shape rules ------------------------------------------------------------ */
Test(variables, names_are_unique_and_c_safe) {
    cr_assert_str_eq(add_i32("counter", 0, 2)->name, "counter");
    cr_assert_str_eq(add_i32("counter", 0, 3)->name, "counter_1");
    cr_assert_str_eq(add_i32("counter", 0, 3)->name, "counter_2");
    cr_assert_str_eq(add_i32("layer/kernel", 0, 3)->name, "layer_kernel");
    cr_assert_str_eq(add_i32("1st", 0, 3)->name, "_1st");
    cr_assert_str_eq(add_i32(NULL, 0, 3)->name, "Variable");
    cr_assert_str_eq(add_i32("", 0, 3)->name, "Variable_1");
    cr_assert_eq(gf.m->nglobals, 7);
    for (int i = 0; i < gf.m->nglobals; i++) cr_assert_eq(gf.m->globals[i]->index, i);
    cr_assert_str_eq(gf.m->globals[0]->src_line, "x = tf.constant(3.0)");
}

Test(variables, read_has_the_variable_type) {
    float w[6] = {1, 2, 3, 4, 5, 6};
    Global *g =
        module_add_global(gf.m, "w", gf_data(DT_FLOAT32, 2, (int64_t[]){2, 3}, w), false, cf_at(2));
    cr_assert_str_eq(gf_type_str(g->type), "f32[2,3]");
    cr_assert_not(g->trainable);
    IrValue *r = build_read_var(&gf.b, g, cf_at(3));
    cr_assert_not_null(r, "%s", gf_diag());
    cr_assert_str_eq(gf_type_str(r->type), "f32[2,3]");
    cr_assert_eq(r->def->global, g);
    cr_assert_eq(op_info[OP_READ_VAR].effect, EFFECT);
}

Test(variables, assign_accepts_unknown_dims_and_rejects_mismatches) {
    float w[2] = {1, 2};
    Global *g =
        module_add_global(gf.m, "w", gf_data(DT_FLOAT32, 1, (int64_t[]){2}, w), true, cf_at(2));
    TensorType out[1];
    int nout = -1;
    ShapeError err;
    IrValue *ok = gf_input(DT_FLOAT32, 1, -1);
    cr_assert(shape_infer_var(OP_ASSIGN_VAR, g, &ok, 1, out, &nout, &err), "%s", err.msg);
    cr_assert_eq(nout, 0);
    IrValue *bad_shape = gf_input(DT_FLOAT32, 1, 3);
    cr_assert_not(shape_infer_var(OP_ASSIGN_ADD_VAR, g, &bad_shape, 1, out, &nout, &err));
    cr_assert_str_eq(err.msg, "assign_add: variable 'w' has shape [2], the value has shape [3]");
    IrValue *bad_rank = gf_input(DT_FLOAT32, 0);
    cr_assert_not(shape_infer_var(OP_ASSIGN_VAR, g, &bad_rank, 1, out, &nout, &err));
    IrValue *bad_dtype = gf_input(DT_INT32, 1, 2);
    cr_assert_not(shape_infer_var(OP_ASSIGN_SUB_VAR, g, &bad_dtype, 1, out, &nout, &err));
    cr_assert_str_eq(err.msg, "assign_sub: variable 'w' is float32, the value is int32");
    /* Through the builder the mismatch is a user error at the script line. */
    cr_assert_null(build_assign_var(&gf.b, OP_ASSIGN_VAR, g, bad_shape, cf_at(9)));
    cr_assert(strstr(gf_diag(), "tests/loop.py:9:1: error: assign: variable 'w' has shape [2]"),
              "%s", gf_diag());
}

Test(variables, ops_without_their_variable_are_rejected) {
    TensorType out[1];
    int nout;
    cr_assert_not(gf_infer(OP_READ_VAR, NULL, 0, NULL, NULL, out, &nout));
    cr_assert(strstr(gf_err, "needs its variable"), "%s", gf_err);
    ShapeError err;
    cr_assert_not(shape_infer_var(OP_ADD, NULL, NULL, 0, out, &nout, &err));
    cr_assert(op_is_var(OP_ASSIGN_SUB_VAR) && !op_is_var(OP_CALL));
}

/* ---- verifier -------------------------------------------------------------------------------- */
static Global *build_counter_step(void) {
    Global *g = add_i32("counter", 0, 2);
    IrValue *one = cf_i32(1, 9);
    cr_assert_not_null(build_assign_var(&gf.b, OP_ASSIGN_ADD_VAR, g, one, cf_at(9)), "%s",
                       gf_diag());
    IrValue *r = build_read_var(&gf.b, g, cf_at(11));
    cf_print(&r, 1, 11);
    region_set_results(gf.m, gf.program->body, NULL, 0);
    return g;
}

Test(variables, verifier_accepts_reads_and_assigns) {
    build_counter_step();
    pf_verify_ok();
}

Test(variables, verifier_rejects_a_variable_of_another_module) {
    build_counter_step();
    Module *other = module_new(gf.arena, "other.py");
    int32_t zero = 0;
    Global *stranger =
        module_add_global(other, "counter", gf_data(DT_INT32, 0, NULL, &zero), true, cf_at(2));
    gf.program->body->last->prev->global = stranger; /* the read */
    char err[512];
    cr_assert_not(graph_verify(gf.m, err, sizeof err));
    cr_assert(strstr(err, "'read' of $counter, which is not in the module"), "%s", err);
}

Test(variables, verifier_rejects_a_missing_variable_and_a_stray_one) {
    Global *g = build_counter_step();
    Inst *assign = gf.program->body->first->next;
    cr_assert_eq(assign->op, OP_ASSIGN_ADD_VAR);
    assign->global = NULL;
    char err[512];
    cr_assert_not(graph_verify(gf.m, err, sizeof err));
    cr_assert(strstr(err, "'assign_add' without a variable"), "%s", err);
    assign->global = g;
    gf.program->body->last->global = g; /* the print */
    cr_assert_not(graph_verify(gf.m, err, sizeof err));
    cr_assert(strstr(err, "'print' names a variable"), "%s", err);
}

Test(variables, verifier_rejects_duplicate_names_and_bad_initial_values) {
    Global *a = add_i32("a", 0, 2), *b = add_i32("b", 0, 2);
    region_set_results(gf.m, gf.program->body, NULL, 0);
    pf_verify_ok();
    b->name = a->name;
    char err[512];
    cr_assert_not(graph_verify(gf.m, err, sizeof err));
    cr_assert(strstr(err, "duplicate variable name $a"), "%s", err);
    b->name = "b";
    float f = 1;
    b->init = gf_data(DT_FLOAT32, 0, NULL, &f);
    cr_assert_not(graph_verify(gf.m, err, sizeof err));
    cr_assert(strstr(err, "variable $b has no initial value of its type"), "%s", err);
}

/* A computed variable has no data: exactly one 'initialize' in the program's body sets
   it, and a variable with data has none. */
Test(variables, verifier_wants_one_initializer_per_computed_variable) {
    Global *w = module_add_computed_global(gf.m, "w", gf_type(DT_FLOAT32, 1, 2), true, cf_at(3));
    Global *c = add_i32("c", 0, 4);
    region_set_results(gf.m, gf.program->body, NULL, 0);
    char err[512];
    cr_assert_not(graph_verify(gf.m, err, sizeof err));
    cr_assert(strstr(err, "computed variable $w has no 'initialize' in the program"), "%s", err);
    float two[2] = {1, 2};
    IrValue *v = build_const(&gf.b, gf_data(DT_FLOAT32, 1, (int64_t[]){2}, two), cf_at(3));
    cr_assert(build_assign_var(&gf.b, OP_INIT_VAR, w, v, cf_at(3)));
    pf_verify_ok();
    cr_assert(build_assign_var(&gf.b, OP_INIT_VAR, w, v, cf_at(5)));
    cr_assert_not(graph_verify(gf.m, err, sizeof err));
    cr_assert(strstr(err, "variable $w is initialized twice"), "%s", err);
    Region *body = gf.program->body;
    body->last = body->last->prev; /* drop the second one */
    body->last->next = NULL;
    pf_verify_ok();
    IrValue *zero = gf_const_i32(&gf.b, 0, 6);
    cr_assert(build_assign_var(&gf.b, OP_INIT_VAR, c, zero, cf_at(6)));
    cr_assert_not(graph_verify(gf.m, err, sizeof err));
    cr_assert(strstr(err, "variable $c has an initial value and an 'initialize'"), "%s", err);
}

Test(variables, initialize_takes_a_value_of_the_variables_type) {
    Global *w = module_add_computed_global(gf.m, "w", gf_type(DT_FLOAT32, 1, 2), true, cf_at(3));
    cr_assert_null(build_assign_var(&gf.b, OP_INIT_VAR, w, gf_const_i32(&gf.b, 1, 3), cf_at(3)));
    cr_assert(strstr(gf_diag(), "initialize: variable 'w' is float32, the value is int32"), "%s",
              gf_diag());
}

/* ---- printers ----------------------------------------------------------------------------------
 */
Test(variables, text_lists_variables_and_names_them_with_dollar) {
    build_counter_step();
    float w = 0.5f;
    module_add_global(gf.m, "lr", gf_data(DT_FLOAT32, 0, NULL, &w), false, cf_at(3));
    const char *text = pf_capture(graph_print);
    const char *want_head = "var $counter:i32[] = 0:i32  # loop.py:2\n"
                            "var $lr:f32[] = 0.5:f32 {trainable=false}  # loop.py:3\n"
                            "\n"
                            "func @main() -> () {\n";
    cr_assert(strncmp(text, want_head, strlen(want_head)) == 0, "%s", text);
    cr_assert(strstr(text, "  assign_add $counter, %0  "), "%s", text);
    cr_assert(strstr(text, "  %1:i32[] = read $counter  "), "%s", text);
}

Test(variables, dot_draws_variables_outside_the_functions) {
    build_counter_step();
    const char *dot = pf_capture(graph_print_dot);
    cr_assert(strstr(dot, "  var_0 [id=\"var_0\", label=\"$counter:i32[]\", shape=cylinder];\n"),
              "%s", dot);
    cr_assert(strstr(dot, "  var_0 -> f0_v1 [style=dashed];\n"), "%s", dot);     /* the read */
    cr_assert(strstr(dot, " -> var_0 [style=dashed];\n"), "%s", dot);            /* the assign */
    cr_assert(strstr(dot, "label=\"read $counter"), "%s", dot);
}

/* ---- emitted C ------------------------------------------------------------------------------ */
/* while i < n: assign_add $counter, i; assign_sub $gap, 1.5; i = i + 1
 * then: print(read $counter, read $gap); assign $counter, [read $counter * 2]; print */
static void build_counter_loop(int32_t n) {
    Global *counter = add_i32("counter", 100, 2);
    float g0 = 10.0f;
    Global *gap =
        module_add_global(gf.m, "gap", gf_data(DT_FLOAT32, 0, NULL, &g0), false, cf_at(3));
    IrValue *i0 = cf_op(OP_ADD, cf_i32(0, 3), cf_i32(0, 3), 3);
    Func *f = gf.program;
    Region *cr = region_new(gf.m, f), *br = region_new(gf.m, f);
    IrValue *ci = region_add_param(gf.m, cr, i0->type, "i");
    IrValue *bi = region_add_param(gf.m, br, i0->type, "i");
    Region *outer = cf_enter(cr);
    IrValue *more = cf_op(OP_LESS, ci, cf_i32(n, 8), 8);
    region_set_results(gf.m, cr, &more, 1);
    cf_enter(br);
    cr_assert_not_null(build_assign_var(&gf.b, OP_ASSIGN_ADD_VAR, counter, bi, cf_at(9)));
    cr_assert_not_null(build_assign_var(&gf.b, OP_ASSIGN_SUB_VAR, gap, cf_f32(1.5f, 9), cf_at(9)));
    IrValue *ni = cf_op(OP_ADD, bi, cf_i32(1, 10), 10);
    region_set_results(gf.m, br, &ni, 1);
    cf_enter(outer);
    Inst *w = build_while(&gf.b, &i0, 1, cr, br, cf_at(8));
    cr_assert_not_null(w, "%s", gf_diag());
    IrValue *vals[3] = {build_read_var(&gf.b, counter, cf_at(11)),
                        build_read_var(&gf.b, gap, cf_at(11)), w->outputs[0]};
    cf_print(vals, 3, 11);
    /* An assign keeps its own reference: the doubled value outlives its C variable. */
    IrValue *doubled = cf_op(OP_MUL, vals[0], cf_i32(2, 11), 11);
    cr_assert_not_null(build_assign_var(&gf.b, OP_ASSIGN_VAR, counter, doubled, cf_at(11)));
    IrValue *after = build_read_var(&gf.b, counter, cf_at(11));
    cf_print(&after, 1, 11);
    region_set_results(gf.m, gf.program->body, NULL, 0);
    cr_assert_eq(gf.diag.errors, 0, "%s", gf_diag());
}

Test(variables, emits_static_variables_an_init_and_releases) {
    build_counter_loop(4);
    pf_verify_ok();
    const char *c = pf_emit_c();
    cr_assert(strstr(c, "static IgVar var_counter = IG_VAR(\"counter\"); /* var $counter:i32[] = "
                        "100:i32  # loop.py:2 */\n"),
              "%s", c);
    cr_assert(strstr(c, "static void init(void) {\n    /* loop.py:2  x = tf.constant(3.0) */\n"),
              "%s", c);
    cr_assert(strstr(c, "    ig_var_init(&var_counter, ig_constant(&s_counter, IG_INT32, 0, NULL, "
                        "c_counter));\n"),
              "%s", c);
    cr_assert(strstr(c, "ig_var_assign_add(&s"), "%s", c);
    cr_assert(strstr(c, ", &var_counter, t"), "%s", c);
    cr_assert(strstr(c, "= ig_var_read(&s"), "%s", c);
    const char *main_fn = strstr(c, "int main(");
    cr_assert_not_null(main_fn);
    const char *init = strstr(main_fn, "    init();\n"),
               *prog = strstr(main_fn, "    program();\n");
    const char *rel =
        strstr(main_fn, "    ig_var_release(&var_counter);\n    ig_var_release(&var_gap);\n");
    const char *shut = strstr(main_fn, "ig_runtime_shutdown();");
    cr_assert(init && prog && rel && shut && init < prog && prog < rel && rel < shut, "%s",
              main_fn);
}

Test(variables, no_variables_no_init) {
    cf_print_text("hi", 2);
    region_set_results(gf.m, gf.program->body, NULL, 0);
    const char *c = pf_emit_c();
    cr_assert_null(strstr(c, " init("), "%s", c);
    cr_assert_null(strstr(c, "IgVar"), "%s", c);
}

Test(variables, a_counter_loop_runs) {
    build_counter_loop(4); /* 100 + 0+1+2+3, 10 - 4 * 1.5 */
    cr_assert_str_eq(pf_compile_and_run(), "106 4 4\n212\n");
}

Test(variables, a_loop_that_never_runs_keeps_the_initial_values) {
    build_counter_loop(0);
    cr_assert_str_eq(pf_compile_and_run(), "100 10 0\n200\n");
}

Test(variables, a_vector_variable_updates_elementwise) {
    float w0[3] = {1, 2, 3}, d[3] = {0.5f, 0.5f, 0.5f};
    Global *w =
        module_add_global(gf.m, "w", gf_data(DT_FLOAT32, 1, (int64_t[]){3}, w0), true, cf_at(2));
    IrValue *delta = build_const(&gf.b, gf_data(DT_FLOAT32, 1, (int64_t[]){3}, d), cf_at(9));
    IrValue *before = build_read_var(&gf.b, w, cf_at(9));
    cr_assert_not_null(build_assign_var(&gf.b, OP_ASSIGN_SUB_VAR, w, delta, cf_at(9)));
    IrValue *after = build_read_var(&gf.b, w, cf_at(9));
    /* The value read before the update is a tensor of its own: it does not change. */
    cf_print((IrValue *[]){before, after}, 2, 11);
    region_set_results(gf.m, gf.program->body, NULL, 0);
    cr_assert_str_eq(pf_compile_and_run(), "[1 2 3] [0.5 1.5 2.5]\n");
}
