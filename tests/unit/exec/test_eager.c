/* test_eager.c — the eager executor (exec/eager.c): with Builder.exec set, ops run
 * at once through their runtime kernels, nothing is appended, shape errors are the
 * builder's, variables hold concrete values, a tensor no value refers to any more is
 * released at the next safe point, and eager_finish releases everything (the ASan
 * build checks that nothing leaks). */
#include <criterion/criterion.h>
#include <string.h>

#include "eager.h"
#include "graph_fixture.h"

static EagerContext *ec;

static void eager_setup(void) {
    gf_setup();
    ec = eager_new(gf.m, 0, NULL);
    gf.b.exec = eager_executor(ec);
}

static void eager_teardown(void) {
    if (ec) eager_finish(ec);
    gf_teardown();
}

TestSuite(eager, .init = eager_setup, .fini = eager_teardown);

static float f32_of(const IrValue *v) {
    const IgTensor *t = v ? eager_tensor(ec, v) : NULL;
    cr_assert(t && t->dtype == IG_FLOAT32);
    return *(const float *)t->data;
}

Test(eager, runs_ops_at_once_and_appends_nothing) {
    IrValue *a = gf_const_f32(&gf.b, 3.0f, 8);
    IrValue *two = gf_const_f32(&gf.b, 2.0f, 5);
    IrValue *in[2] = {a, two};
    IrValue *y = build_op(&gf.b, OP_MUL, in, 2, NULL, gf_at(5, 9));
    IrValue *in2[2] = {y, a};
    IrValue *z = build_op(&gf.b, OP_ADD, in2, 2, NULL, gf_at(6, 12));
    cr_assert_float_eq(f32_of(y), 6.0f, 0);
    cr_assert_float_eq(f32_of(z), 9.0f, 0);
    cr_assert_null(gf.program->body->first, "eager mode keeps no graph");
}

/* A thousand intermediate results, only the last one still referred to: after a
   collection and a safe point, (nearly) all the others are released. The collector
   is conservative, so a stale word on the stack may keep one or two alive. */
Test(eager, unreachable_tensors_are_released_at_a_safe_point) {
    IrValue *one = gf_const_f32(&gf.b, 1.0f, 3);
    IrValue *x = one;
    for (int i = 0; i < 1000; i++) {
        IrValue *in[2] = {x, one};
        x = build_op(&gf.b, OP_MUL, in, 2, NULL, gf_at(4, 5));
    }
    cr_assert_geq(eager_live_tensors(ec), 1000, "nothing is released before a safe point");
    arena_collect();
    eager_safe_point(ec);
    cr_assert_lt(eager_live_tensors(ec), 20, "%d tensors still alive", eager_live_tensors(ec));
    cr_assert_float_eq(f32_of(x), 1.0f, 0, "the tensors still referred to are kept");
    cr_assert_float_eq(f32_of(one), 1.0f, 0);
}

Test(eager, concrete_shapes_replace_unknown_dims) {
    Attrs attrs = {0};
    attrs_set_dtype(gf.arena, &attrs, "dtype", DT_FLOAT32);
    attrs_set_shape(gf.arena, &attrs, "shape", shape_of(2, (const int64_t[]){2, 3}));
    attrs_set_float(gf.arena, &attrs, "value", 1.0);
    IrValue *w = build_op(&gf.b, OP_FILL, NULL, 0, &attrs, gf_at(11, 5));
    IrValue *s = build_op(&gf.b, OP_SHAPE, &w, 1, NULL, gf_at(12, 5));
    cr_assert(s && eager_tensor(ec, s));
    cr_assert_eq(s->type.shape.rank, 1);
    cr_assert_eq(s->type.shape.dims[0], 2);
    const int32_t *dims = eager_tensor(ec, s)->data;
    cr_assert(dims[0] == 2 && dims[1] == 3);
    /* A short int vector's value is known to later shape rules, as a constant's. */
    cr_assert(s->value && s->value->dtype == DT_INT32);
    cr_assert(((const int32_t *)s->value->data)[1] == 3);
    IrValue *in[2] = {w, w};
    IrValue *bad = build_op(&gf.b, OP_MATMUL, in, 2, NULL, gf_at(12, 20));
    cr_assert_null(bad, "shape inference still rejects [2,3] x [2,3]");
    cr_assert(strstr(gf_diag(), "compute.py:12:20: error:"), "%s", gf_diag());
}

Test(eager, variables_hold_concrete_values) {
    float zero = 0.0f;
    Global *g =
        module_add_global(gf.m, "counter", gf_data(DT_FLOAT32, 0, NULL, &zero), true, gf_at(8, 1));
    IrValue *one = gf_const_f32(&gf.b, 1.0f, 8);
    for (int i = 0; i < 3; i++)
        cr_assert(build_assign_var(&gf.b, OP_ASSIGN_ADD_VAR, g, one, gf_at(9, 1)));
    IrValue *r = build_read_var(&gf.b, g, gf_at(10, 1));
    cr_assert_float_eq(f32_of(r), 3.0f, 0);
    const IgVar *var = eager_var_if_used(ec, g);
    cr_assert(var && var->value);
    cr_assert_float_eq(*(const float *)var->value->data, 3.0f, 0);
}

Test(eager, control_flow_nodes_are_refused) {
    IrValue *p = gf_const_f32(&gf.b, 1.0f, 8);
    IrValue *in[2] = {p, p};
    IrValue *c = build_op(&gf.b, OP_LESS, in, 2, NULL, gf_at(9, 1));
    cr_assert(c && eager_tensor(ec, c));
    Region *t = region_new(gf.m, gf.program), *e = region_new(gf.m, gf.program);
    region_set_results(gf.m, t, NULL, 0);
    region_set_results(gf.m, e, NULL, 0);
    cr_assert_null(build_cond(&gf.b, c, t, e, gf_at(9, 1)));
    cr_assert(strstr(gf_diag(), "not supported yet in eager mode: a 'cond' node"), "%s", gf_diag());
}

Test(eager, truth_of_tensors) {
    char err[256];
    bool v;
    IrValue *x = gf_const_f32(&gf.b, 0.5f, 8);
    cr_assert(eager_truth(eager_tensor(ec, x), &v, err, sizeof err) && v);
    Attrs attrs = {0};
    attrs_set_dtype(gf.arena, &attrs, "dtype", DT_INT32);
    attrs_set_shape(gf.arena, &attrs, "shape", shape_of(1, (const int64_t[]){2}));
    attrs_set_float(gf.arena, &attrs, "value", 0.0);
    IrValue *two = build_op(&gf.b, OP_FILL, NULL, 0, &attrs, gf_at(11, 5));
    cr_assert_not(eager_truth(eager_tensor(ec, two), &v, err, sizeof err));
    cr_assert(strstr(err, "ambiguous"), "%s", err);
}
