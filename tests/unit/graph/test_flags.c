/* test_flags.c — program flags in the IR: the module's flag table, the 'flag' op's
 * shape rule, verifier and text form, and the C back end's flags[] table and main();
 * a program with flags is compiled with -Wall -Wextra -Werror and run with arguments. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "program_fixture.h"

TestSuite(flags_ir, .init = gf_setup, .fini = gf_teardown);

static Attrs flag_attrs(const char *name, DType dt) {
    Attrs a = {0};
    attrs_set_string(gf.arena, &a, "name", name);
    attrs_set_dtype(gf.arena, &a, "dtype", dt);
    return a;
}

/* Declares a flag and reads it at the program's top level. */
static IrValue *flag_i32(const char *name, int32_t def, const char *help, int line) {
    FlagDef *f =
        module_add_flag(gf.m, name, gf_data(DT_INT32, 0, NULL, &def), help, gf_at(line, 1));
    cr_assert_not_null(f);
    Attrs a = flag_attrs(name, DT_INT32);
    return build_op(&gf.b, OP_FLAG, NULL, 0, &a, gf_at(line, 1));
}

static IrValue *flag_of(const char *name, const ConstData *def, const char *help, int line) {
    cr_assert_not_null(module_add_flag(gf.m, name, def, help, gf_at(line, 1)));
    Attrs a = flag_attrs(name, def->dtype);
    return build_op(&gf.b, OP_FLAG, NULL, 0, &a, gf_at(line, 1));
}

static void verify_fails(const char *want) {
    char err[512];
    cr_assert_not(graph_verify(gf.m, err, sizeof err));
    cr_assert(strstr(err, want), "got: %s", err);
}

/* ---- the table and the op --------------------------------------------------------------- */
Test(flags_ir, names) {
    cr_assert(flag_name_is_valid("epochs"));
    cr_assert(flag_name_is_valid("learning-rate_2"));
    cr_assert(flag_name_is_valid("X"));
    cr_assert_not(flag_name_is_valid(""));
    cr_assert_not(flag_name_is_valid("two words"));
    cr_assert_not(flag_name_is_valid("a=b"));
    cr_assert_not(flag_name_is_valid("caf\xc3\xa9"));
}

Test(flags_ir, table_keeps_order_and_refuses_duplicates) {
    int32_t five = 5;
    float lr = 0.1f;
    FlagDef *a =
        module_add_flag(gf.m, "epochs", gf_data(DT_INT32, 0, NULL, &five), "passes", gf_at(8, 1));
    FlagDef *b = module_add_flag(gf.m, "lr", gf_data(DT_FLOAT32, 0, NULL, &lr), NULL, gf_at(9, 1));
    cr_assert(a && b);
    cr_assert_eq(gf.m->nflags, 2);
    cr_assert_eq(a->index, 0);
    cr_assert_eq(b->index, 1);
    cr_assert_str_eq(b->help, "", "a missing help is empty, never NULL");
    cr_assert_eq(module_find_flag(gf.m, "lr"), b);
    cr_assert_null(module_find_flag(gf.m, "epoch"));
    cr_assert_null(
        module_add_flag(gf.m, "epochs", gf_data(DT_INT32, 0, NULL, &five), "", gf_at(10, 1)));
    cr_assert_eq(gf.m->nflags, 2);
}

Test(flags_ir, shape_rule_gives_a_scalar_of_the_dtype) {
    static const DType dts[] = {DT_BOOL, DT_INT32, DT_INT64, DT_FLOAT32, DT_FLOAT64, DT_STRING};
    for (size_t i = 0; i < sizeof dts / sizeof dts[0]; i++) {
        Attrs a = flag_attrs("x", dts[i]);
        TensorType out[1];
        int nout = -1;
        cr_assert(gf_infer(OP_FLAG, NULL, 0, &a, NULL, out, &nout), "%s", gf_err);
        cr_assert_eq(nout, 1);
        cr_assert_eq(out[0].dtype, dts[i]);
        cr_assert_eq(out[0].shape.rank, 0);
    }
    cr_assert_eq(op_info[OP_FLAG].effect, PURE);
    cr_assert_eq(op_info[OP_FLAG].ninputs, 0);
    cr_assert_str_eq(op_info[OP_FLAG].runtime_symbol, "ig_flag_value");
}

Test(flags_ir, shape_rule_needs_name_and_dtype) {
    TensorType out[1];
    int nout;
    Attrs only_name = {0};
    attrs_set_string(gf.arena, &only_name, "name", "x");
    cr_assert_not(gf_infer(OP_FLAG, NULL, 0, &only_name, NULL, out, &nout));
    cr_assert_str_eq(gf_err, "flag: missing attribute 'dtype'");
    Attrs only_dtype = {0};
    attrs_set_dtype(gf.arena, &only_dtype, "dtype", DT_INT32);
    cr_assert_not(gf_infer(OP_FLAG, NULL, 0, &only_dtype, NULL, out, &nout));
    cr_assert_str_eq(gf_err, "flag: missing string attribute 'name'");
    IrValue *x = gf_input(DT_INT32, 0);
    Attrs a = flag_attrs("x", DT_INT32);
    cr_assert_not(gf_infer(OP_FLAG, &x, 1, &a, NULL, out, &nout));
    cr_assert_str_eq(gf_err, "flag: expected 0 inputs, got 1");
}

Test(flags_ir, verifier_accepts_a_flag_in_the_table) {
    flag_i32("epochs", 5, "passes", 8);
    region_set_results(gf.m, gf.program->body, NULL, 0);
    pf_verify_ok();
}

Test(flags_ir, verifier_rejects_a_flag_missing_from_the_table) {
    Attrs a = flag_attrs("epochs", DT_INT32);
    cr_assert_not_null(build_op(&gf.b, OP_FLAG, NULL, 0, &a, gf_at(8, 1)));
    region_set_results(gf.m, gf.program->body, NULL, 0);
    verify_fails("flag \"epochs\" is not in the module's flag table");
}

Test(flags_ir, verifier_rejects_a_dtype_other_than_the_table_s) {
    int32_t five = 5;
    module_add_flag(gf.m, "epochs", gf_data(DT_INT32, 0, NULL, &five), "", gf_at(8, 1));
    Attrs a = flag_attrs("epochs", DT_INT64);
    cr_assert_not_null(build_op(&gf.b, OP_FLAG, NULL, 0, &a, gf_at(8, 1)));
    region_set_results(gf.m, gf.program->body, NULL, 0);
    verify_fails("flag \"epochs\" is int32 in the table but read as int64");
}

Test(flags_ir, verifier_checks_the_table) {
    IrValue *e = flag_i32("epochs", 5, "", 8);
    (void)e;
    region_set_results(gf.m, gf.program->body, NULL, 0);
    gf.m->flags[0]->index = 3;
    verify_fails("flag \"epochs\" has index 3, should be 0");
    gf.m->flags[0]->index = 0;
    int64_t dims[] = {2};
    int32_t two[] = {1, 2};
    gf.m->flags[0]->value = gf_data(DT_INT32, 1, dims, two);
    verify_fails("flag \"epochs\" has a default that is not a scalar");
}

Test(flags_ir, verifier_rejects_extra_attributes) {
    int32_t five = 5;
    module_add_flag(gf.m, "epochs", gf_data(DT_INT32, 0, NULL, &five), "", gf_at(8, 1));
    Attrs a = flag_attrs("epochs", DT_INT32);
    attrs_set_int(gf.arena, &a, "axis", 1);
    cr_assert_not_null(build_op(&gf.b, OP_FLAG, NULL, 0, &a, gf_at(8, 1)));
    region_set_results(gf.m, gf.program->body, NULL, 0);
    verify_fails("flag must have exactly the attributes 'name' (a string) and 'dtype'");
}

/* ---- text form -------------------------------------------------------------------------- */
static void build_two_flags(void) {
    IrValue *epochs = flag_i32("epochs", 5, "number of passes", 8);
    const char *world = "world \"quoted\"";
    IrValue *name = flag_of("name", gf_data(DT_STRING, 0, NULL, &world), "", 9);
    IrValue *twice = build_op(&gf.b, OP_MUL, (IrValue *[]){epochs, gf_const_i32(&gf.b, 2, 10)}, 2,
                              NULL, gf_at(10, 1));
    build_inst(&gf.b, OP_PRINT, (IrValue *[]){name, twice}, 2, NULL, NULL, gf_at(10, 1));
    region_set_results(gf.m, gf.program->body, NULL, 0);
    cr_assert_eq(gf.diag.errors, 0, "%s", gf_diag());
    pf_verify_ok();
}

Test(flags_ir, printer_shows_the_table_and_the_reads) {
    build_two_flags();
    const char *text = pf_capture(graph_print);
    const char *head = "flag \"epochs\": i32 = 5 {help=\"number of passes\"}  # compute.py:8\n"
                       "flag \"name\": str = \"world \\\"quoted\\\"\" {help=\"\"}  # compute.py:9\n"
                       "\n"
                       "func @main() -> () {\n";
    cr_assert(strncmp(text, head, strlen(head)) == 0, "%s", text);
    cr_assert(strstr(text, "  %0:i32[] = flag \"epochs\"  "), "%s", text);
    cr_assert(strstr(text, "  %1:str[] = flag \"name\"  "), "%s", text);
    cr_assert_null(strstr(text, "dtype="), "the dtype is the output's; no attributes shown:\n%s",
                   text);
}

Test(flags_ir, printer_without_flags_starts_with_the_program) {
    region_set_results(gf.m, gf.program->body, NULL, 0);
    cr_assert(strncmp(pf_capture(graph_print), "func @main", 10) == 0);
}

/* ---- C back end ------------------------------------------------------------------------- */
Test(flags_ir, emitter_writes_the_table_and_parses_in_main) {
    build_two_flags();
    const char *c = pf_emit_c();
    cr_assert(strstr(c, "static const IgFlagSpec flags[] = {\n"
                        "    {\"epochs\", IG_INT32, \"5\", \"number of passes\"},\n"
                        "    {\"name\", IG_STRING, \"world \\\"quoted\\\"\", \"\"},\n"
                        "};\n"),
              "%s", c);
    cr_assert(strstr(c, "IgTensor *t0 = ig_flag_value(&s0, 0); /* --epochs */\n"), "%s", c);
    cr_assert(strstr(c, "IgTensor *t1 = ig_flag_value(&s1, 1); /* --name */\n"), "%s", c);
    const char *main_fn = strstr(c, "int main(int argc, char **argv) {\n");
    cr_assert_not_null(main_fn);
    const char *parse = strstr(main_fn, "    ig_flags_parse(argc, argv, flags, 2);\n");
    const char *run = strstr(main_fn, "    program();\n");
    cr_assert(parse && run && parse < run, "flags are parsed before the program runs:\n%s",
              main_fn);
}

Test(flags_ir, emitter_without_flags_still_parses) {
    region_set_results(gf.m, gf.program->body, NULL, 0);
    const char *c = pf_emit_c();
    cr_assert_null(strstr(c, "IgFlagSpec"), "%s", c);
    cr_assert(strstr(c, "    ig_flags_parse(argc, argv, NULL, 0);\n"), "%s", c);
}

Test(flags_ir, emitter_writes_defaults_as_the_command_line_would) {
    float lr = 0.1f;
    double decay = 1e-300;
    bool on = true;
    int64_t seed = -3000000000LL;
    float inf = INFINITY;
    flag_of("lr", gf_data(DT_FLOAT32, 0, NULL, &lr), "", 8);
    flag_of("decay", gf_data(DT_FLOAT64, 0, NULL, &decay), "", 8);
    flag_of("on", gf_data(DT_BOOL, 0, NULL, &on), "", 8);
    flag_of("seed", gf_data(DT_INT64, 0, NULL, &seed), "", 8);
    flag_of("big", gf_data(DT_FLOAT32, 0, NULL, &inf), "", 8);
    region_set_results(gf.m, gf.program->body, NULL, 0);
    const char *c = pf_emit_c();
    cr_assert(strstr(c, "{\"lr\", IG_FLOAT32, \"0.1\", \"\"}"), "%s", c);
    cr_assert(strstr(c, "{\"decay\", IG_FLOAT64, \"1e-300\", \"\"}"), "%s", c);
    cr_assert(strstr(c, "{\"on\", IG_BOOL, \"true\", \"\"}"), "%s", c);
    cr_assert(strstr(c, "{\"seed\", IG_INT64, \"-3000000000\", \"\"}"), "%s", c);
    cr_assert(strstr(c, "{\"big\", IG_FLOAT32, \"inf\", \"\"}"), "%s", c);
}

/* ---- compiled and run ------------------------------------------------------------------- */
Test(flags_ir, compiled_program_reads_its_arguments) {
    build_two_flags();
    const char *exe = pf_compile("flagged");
    char *x = (char *)exe;

    PfRun r = pf_run((char *[]){x, NULL});
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_assert_str_eq(r.out, "world \"quoted\" 10\n");

    r = pf_run((char *[]){x, "--epochs=7", "--name", "Ada Lovelace", NULL});
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_assert_str_eq(r.out, "Ada Lovelace 14\n");
    cr_assert_str_empty(r.err);

    r = pf_run((char *[]){x, "--epochs=abc", NULL});
    cr_assert_eq(r.status, 2);
    cr_assert_str_empty(r.out, "nothing runs after a bad value");
    cr_assert_str_eq(r.err,
                     "flagged: error: invalid value 'abc' for --epochs: expected an int32\n");

    r = pf_run((char *[]){x, "--epoch", "3", NULL});
    cr_assert_eq(r.status, 2);
    cr_assert_str_eq(r.err, "flagged: error: unknown flag '--epoch' (--help lists the flags)\n");

    r = pf_run((char *[]){x, "--help", NULL});
    cr_assert_eq(r.status, 0);
    cr_assert_str_eq(r.out, "usage: flagged [flags]\n"
                            "\n"
                            "flags:\n"
                            "  --epochs=<int32>  number of passes (default: 5)\n"
                            "  --name=<string>   (default: \"world \"quoted\"\")\n"
                            "  --threads=<int>   threads a kernel may use (default: "
                            "$INGOT_NUM_THREADS or the cores)\n"
                            "  --help            show this help and exit\n");
    pf_remove(exe);
}
