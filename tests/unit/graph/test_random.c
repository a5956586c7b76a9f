/* test_random.c — random draws in the IR: their shape rules (from attributes), the
 * verifier's check of the generator state, the text form, the emitted C, and programs
 * that draw, compiled with -Werror and run: their numbers must be the runtime kernels'
 * numbers for the same seed, and successive draws must differ. */
#include <criterion/criterion.h>
#include <ingot/rt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cf_fixture.h"
#include "program_fixture.h"
#include "config.h"

TestSuite(random, .init = cf_setup, .fini = gf_teardown);

static Global *add_state(const char *name, int64_t seed) {
    int64_t *s = ARENA_ARRAY(gf.arena, int64_t, 3);
    ig_random_state_from_seed(seed, s);
    return module_add_global(gf.m, name, gf_data(DT_INT64, 1, (int64_t[]){3}, s), false, cf_at(2));
}

static Attrs draw_attrs(DType dt, Shape shape, const char *k0, double p0, const char *k1,
                        double p1) {
    Attrs a = {0};
    attrs_set_dtype(gf.arena, &a, "dtype", dt);
    attrs_set_shape(gf.arena, &a, "shape", shape);
    if (dtype_is_integer(dt)) {
        attrs_set_int(gf.arena, &a, k0, (int64_t)p0);
        attrs_set_int(gf.arena, &a, k1, (int64_t)p1);
    } else {
        attrs_set_float(gf.arena, &a, k0, p0);
        attrs_set_float(gf.arena, &a, k1, p1);
    }
    return a;
}

/* A draw as the interpreter makes it: build_inst, then the state attached. */
static IrValue *draw(Opcode op, Global *state, DType dt, Shape shape, double p0, double p1,
                     int line) {
    bool uniform = op == OP_RANDOM_UNIFORM || op == OP_RANDOM_UNIFORM_INT;
    Attrs a =
        draw_attrs(dt, shape, uniform ? "minval" : "mean", p0, uniform ? "maxval" : "stddev", p1);
    Inst *inst = build_inst(&gf.b, op, NULL, 0, &a, NULL, cf_at(line));
    cr_assert_not_null(inst, "%s", gf_diag());
    inst->global = state;
    return inst->outputs[0];
}

/* ---- shape rules ---------------------------------------------------------------------- */
Test(random, ops_are_effects_with_kernels) {
    static const Opcode ops[] = {OP_RANDOM_UNIFORM, OP_RANDOM_UNIFORM_INT, OP_RANDOM_NORMAL,
                                 OP_RANDOM_TRUNCATED_NORMAL};
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) {
        cr_assert(op_is_random(ops[i]));
        cr_assert_eq(op_info[ops[i]].effect, EFFECT, "%s advances its state", op_info[ops[i]].name);
        cr_assert_eq(op_info[ops[i]].ninputs, 0);
    }
    cr_assert_not(op_is_random(OP_READ_VAR));
    cr_assert_not(op_is_var(OP_RANDOM_NORMAL));
    cr_assert_str_eq(op_info[OP_RANDOM_NORMAL].runtime_symbol, "ig_random_normal");
}

Test(random, the_output_comes_from_dtype_and_shape) {
    TensorType out[1];
    int nout = -1;
    Attrs a = draw_attrs(DT_FLOAT64, shape_of(2, (int64_t[]){2, 3}), "mean", 0, "stddev", 1);
    cr_assert(gf_infer(OP_RANDOM_TRUNCATED_NORMAL, NULL, 0, &a, NULL, out, &nout), "%s", gf_err);
    cr_assert_eq(nout, 1);
    cr_assert_str_eq(gf_type_str(out[0]), "f64[2,3]");
    Attrs i = draw_attrs(DT_INT64, shape_scalar(), "minval", -5, "maxval", 5);
    cr_assert(gf_infer(OP_RANDOM_UNIFORM_INT, NULL, 0, &i, NULL, out, &nout), "%s", gf_err);
    cr_assert_str_eq(gf_type_str(out[0]), "i64[]");
}

Test(random, bad_attributes_are_rejected) {
    TensorType out[1];
    int nout;
    Attrs ints = draw_attrs(DT_INT32, shape_scalar(), "mean", 0, "stddev", 1);
    cr_assert_not(gf_infer(OP_RANDOM_NORMAL, NULL, 0, &ints, NULL, out, &nout));
    cr_assert_str_eq(gf_err,
                     "random_normal: unsupported dtype int32 (expected float32 or float64)");
    Attrs floats = draw_attrs(DT_FLOAT32, shape_scalar(), "minval", 0, "maxval", 1);
    cr_assert_not(gf_infer(OP_RANDOM_UNIFORM_INT, NULL, 0, &floats, NULL, out, &nout));
    cr_assert_str_eq(gf_err,
                     "random_uniform_int: unsupported dtype float32 (expected int32 or int64)");
    Attrs unknown =
        draw_attrs(DT_FLOAT32, shape_of(1, (int64_t[]){DIM_UNKNOWN}), "minval", 0, "maxval", 1);
    cr_assert_not(gf_infer(OP_RANDOM_UNIFORM, NULL, 0, &unknown, NULL, out, &nout));
    cr_assert_str_eq(gf_err, "random_uniform: shape [?] is not fully known");
    Attrs empty = draw_attrs(DT_INT32, shape_scalar(), "minval", 3, "maxval", 3);
    cr_assert_not(gf_infer(OP_RANDOM_UNIFORM_INT, NULL, 0, &empty, NULL, out, &nout));
    cr_assert_str_eq(gf_err, "random_uniform_int: need minval < maxval, got 3 >= 3");
    Attrs wrong_keys = draw_attrs(DT_FLOAT32, shape_scalar(), "mean", 0, "stddev", 1);
    cr_assert_not(gf_infer(OP_RANDOM_UNIFORM, NULL, 0, &wrong_keys, NULL, out, &nout));
    cr_assert_str_eq(gf_err, "random_uniform: missing float attribute 'minval'");
}

/* ---- verifier --------------------------------------------------------------------------- */
Test(random, verifier_accepts_a_draw_from_a_state) {
    Global *g = add_state("rng", 1);
    draw(OP_RANDOM_NORMAL, g, DT_FLOAT32, shape_of(1, (int64_t[]){4}), 0, 1, 9);
    region_set_results(gf.m, gf.program->body, NULL, 0);
    pf_verify_ok();
}

Test(random, verifier_rejects_a_missing_or_wrong_state) {
    char err[512];
    IrValue *x = draw(OP_RANDOM_NORMAL, NULL, DT_FLOAT32, shape_scalar(), 0, 1, 9);
    region_set_results(gf.m, gf.program->body, NULL, 0);
    cr_assert_not(graph_verify(gf.m, err, sizeof err));
    cr_assert(strstr(err, "'random_normal' without a generator state"), "%s", err);
    int32_t zero = 0;
    x->def->global =
        module_add_global(gf.m, "w", gf_data(DT_INT32, 0, NULL, &zero), true, cf_at(2));
    cr_assert_not(graph_verify(gf.m, err, sizeof err));
    cr_assert(strstr(err, "'random_normal' of $w, which is not an int64[3] generator state"), "%s",
              err);
    /* A state of another module. */
    Module *other = module_new(gf.arena, "other.py");
    int64_t s[3] = {0, 0, 1};
    x->def->global =
        module_add_global(other, "rng", gf_data(DT_INT64, 1, (int64_t[]){3}, s), false, cf_at(2));
    x->def->global->index = 5;
    cr_assert_not(graph_verify(gf.m, err, sizeof err));
    cr_assert(strstr(err, "which is not in the module"), "%s", err);
}

/* ---- text and C ------------------------------------------------------------------------ */
Test(random, text_names_the_state_and_leaves_the_dtype_to_the_type) {
    Global *g = add_state("rng", 1);
    draw(OP_RANDOM_NORMAL, g, DT_FLOAT32, shape_of(2, (int64_t[]){2, 3}), 0, 1, 9);
    draw(OP_RANDOM_UNIFORM_INT, g, DT_INT64, shape_of(1, (int64_t[]){4}), -2, 7, 10);
    region_set_results(gf.m, gf.program->body, NULL, 0);
    const char *text = pf_capture(graph_print);
    cr_assert(strstr(text, "%0:f32[2,3] = random_normal $rng {shape=[2,3], mean=0.0, stddev=1.0}"),
              "%s", text);
    cr_assert(strstr(text, "%1:i64[4] = random_uniform_int $rng {shape=[4], minval=-2, maxval=7}"),
              "%s", text);
    cr_assert(strstr(text, "var $rng:i64[3] = "), "%s", text);
}

Test(random, c_passes_the_state_variable_dtype_shape_and_parameters) {
    Global *g = add_state("rng", 1);
    IrValue *x =
        draw(OP_RANDOM_TRUNCATED_NORMAL, g, DT_FLOAT32, shape_of(2, (int64_t[]){2, 3}), 0.5, 2, 9);
    cf_print(&x, 1, 11);
    region_set_results(gf.m, gf.program->body, NULL, 0);
    const char *c = pf_emit_c();
    cr_assert(strstr(c, "= ig_random_truncated_normal(&s0, &var_rng, IG_FLOAT32, 2, (const "
                        "int64_t[]){2, 3}, 0.5, "
                        "2.0);"),
              "%s", c);
    cr_assert(strstr(c, "static IgVar var_rng = IG_VAR(\"rng\");"), "%s", c);
}

/* ---- programs --------------------------------------------------------------------------- */
/* What the kernels give in this process for the same seed and draws: the compiled
 * program must print exactly this. */
static char *expected_lines(int64_t seed, int ndraws) {
    int64_t s[3];
    ig_random_state_from_seed(seed, s);
    IgVar g = IG_VAR("rng");
    IgTensor *init = ig_tensor_new(IG_INT64, 1, (const int64_t[]){3});
    memcpy(init->data, s, sizeof s);
    ig_var_init(&g, init);
    ig_release(init);
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    for (int k = 0; k < ndraws; k++) {
        IgTensor *t =
            k % 2 == 0 ? ig_random_normal(NULL, &g, IG_FLOAT32, 1, (const int64_t[]){3}, 0.0, 1.0)
                       : ig_random_uniform_int(NULL, &g, IG_INT32, 1, (const int64_t[]){3}, 0, 100);
        char *s = ig_format_tensor(t, 3);
        fprintf(f, "%s\n", s);
        free(s);
        ig_release(t);
    }
    ig_var_release(&g);
    fclose(f);
    return out;
}

Test(random, a_program_draws_the_kernels_numbers_and_advances) {
    Global *g = add_state("rng", 1234);
    for (int k = 0; k < 4; k++) {
        IrValue *x =
            k % 2 == 0
                ? draw(OP_RANDOM_NORMAL, g, DT_FLOAT32, shape_of(1, (int64_t[]){3}), 0, 1, 9)
                : draw(OP_RANDOM_UNIFORM_INT, g, DT_INT32, shape_of(1, (int64_t[]){3}), 0, 100, 9);
        cf_print(&x, 1, 11);
    }
    region_set_results(gf.m, gf.program->body, NULL, 0);
    const char *got = pf_compile_and_run();
    char *want = expected_lines(1234, 4);
    cr_assert_str_eq(got, want);
    free(want);
    /* Draws 1 and 3 are both normals of the same shape: they differ. */
    const char *nl = strchr(got, '\n');
    const char *third = strchr(strchr(nl + 1, '\n') + 1, '\n');
    cr_assert(strncmp(got, third + 1, (size_t)(nl - got)) != 0, "%s", got);
}

/* A draw in a loop body: one node, a different draw per iteration. */
Test(random, a_draw_in_a_loop_advances_every_iteration) {
    Global *g = add_state("rng", 99);
    IrValue *i0 = cf_i32(0, 3), *limit = cf_i32(3, 3);
    Region *c = region_new(gf.m, gf.program), *body = region_new(gf.m, gf.program);
    IrValue *ci = region_add_param(gf.m, c, i0->type, NULL);
    IrValue *bi = region_add_param(gf.m, body, i0->type, NULL);
    Region *saved = cf_enter(c);
    IrValue *more = cf_op(OP_LESS, ci, limit, 8);
    region_set_results(gf.m, c, &more, 1);
    cf_enter(body);
    IrValue *x = draw(OP_RANDOM_NORMAL, g, DT_FLOAT32, shape_of(1, (int64_t[]){3}), 0, 1, 9);
    cf_print(&x, 1, 9);
    IrValue *next = cf_op(OP_ADD, bi, cf_i32(1, 10), 10);
    region_set_results(gf.m, body, &next, 1);
    cf_enter(saved);
    cr_assert_not_null(build_while(&gf.b, &i0, 1, c, body, cf_at(8)), "%s", gf_diag());
    region_set_results(gf.m, gf.program->body, NULL, 0);
    const char *got = pf_compile_and_run();
    /* Same as three normal draws in a row from the kernels. */
    int64_t s[3];
    ig_random_state_from_seed(99, s);
    IgVar v = IG_VAR("rng");
    IgTensor *init = ig_tensor_new(IG_INT64, 1, (const int64_t[]){3});
    memcpy(init->data, s, sizeof s);
    ig_var_init(&v, init);
    ig_release(init);
    char want[1024] = {0};
    for (int k = 0; k < 3; k++) {
        IgTensor *t = ig_random_normal(NULL, &v, IG_FLOAT32, 1, (const int64_t[]){3}, 0.0, 1.0);
        char *line = ig_format_tensor(t, 3);
        strcat(want, line);
        strcat(want, "\n");
        free(line);
        ig_release(t);
    }
    ig_var_release(&v);
    cr_assert_str_eq(got, want);
}
