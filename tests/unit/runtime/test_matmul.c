/* test_matmul.c — matmul against a naive loop on random shapes, every dtype, size-0
 * dims, batch dims that broadcast, transposes, errors, and the per-site primitive
 * cache; reduce_sum over axes. */
#include <math.h>

#include "rt_test.h"

TestSuite(matmul, .fini = ig_runtime_shutdown);
TestSuite(reduce, .fini = ig_runtime_shutdown);

static IgTensor *random_tensor(IgDType dt, int64_t rows, int64_t cols)
{
    IgTensor *t = ig_tensor_new(dt, 2, SHAPE(rows, cols));
    for (int64_t i = 0; i < t->size; i++) {
        int r = rand() % 201 - 100;
        switch (dt) {
        case IG_FLOAT32: ((float *)t->data)[i] = (float)r / 37.0f; break;
        case IG_FLOAT64: ((double *)t->data)[i] = r / 37.0; break;
        case IG_INT32: ((int32_t *)t->data)[i] = r; break;
        case IG_INT64: ((int64_t *)t->data)[i] = r; break;
        default: break;
        }
    }
    return t;
}

static double elem(const IgTensor *t, int64_t i)
{
    switch (t->dtype) {
    case IG_FLOAT32: return AT(float, t, i);
    case IG_FLOAT64: return AT(double, t, i);
    case IG_INT32: return AT(int32_t, t, i);
    case IG_INT64: return (double)AT(int64_t, t, i);
    default: return NAN;
    }
}

static void check_against_naive(IgDType dt, int64_t m, int64_t k, int64_t n)
{
    static IgSite site = IG_SITE("mm.py", 1);
    IgTensor *a = random_tensor(dt, m, k), *b = random_tensor(dt, k, n);
    IgTensor *c = ig_matmul(&site, a, b, false, false);
    cr_assert_eq(c->dtype, dt);
    cr_assert_eq(c->shape[0], m);
    cr_assert_eq(c->shape[1], n);
    for (int64_t i = 0; i < m; i++)
        for (int64_t j = 0; j < n; j++) {
            double want = 0;
            for (int64_t p = 0; p < k; p++) want += elem(a, i * k + p) * elem(b, p * n + j);
            double got = elem(c, i * n + j);
            double tol = dt == IG_FLOAT32 ? 1e-4 * (1 + fabs(want)) * sqrt((double)k + 1)
                       : dt == IG_FLOAT64 ? 1e-12 * (1 + fabs(want)) : 0;
            cr_assert(fabs(got - want) <= tol, "%s %lldx%lldx%lld at (%lld,%lld): %g vs %g",
                      ig_dtype_name(dt), (long long)m, (long long)k, (long long)n,
                      (long long)i, (long long)j, got, want);
        }
    ig_release(a), ig_release(b), ig_release(c);
}

Test(matmul, random_shapes_against_naive_loop)
{
    srand(42);
    const IgDType dts[] = {IG_FLOAT32, IG_FLOAT64, IG_INT32, IG_INT64};
    const int64_t fixed[][3] = {{1, 1, 1}, {1, 7, 1}, {1, 5, 9}, {9, 5, 1}, {3, 1, 4},
                                {2, 3, 4}, {17, 33, 8}, {64, 64, 64}};
    for (size_t d = 0; d < 4; d++) {
        for (size_t s = 0; s < sizeof fixed / sizeof fixed[0]; s++)
            check_against_naive(dts[d], fixed[s][0], fixed[s][1], fixed[s][2]);
        for (int r = 0; r < 6; r++)
            check_against_naive(dts[d], 1 + rand() % 40, 1 + rand() % 40, 1 + rand() % 40);
    }
}

Test(matmul, size_zero_dims)
{
    IgTensor *a = ig_fill(NULL, IG_FLOAT32, 2, SHAPE(3, 0), 0);
    IgTensor *b = ig_fill(NULL, IG_FLOAT32, 2, SHAPE(0, 2), 0);
    IgTensor *c = ig_matmul(NULL, a, b, false, false); /* k == 0: all zeros */
    cr_assert_eq(c->shape[0], 3);
    cr_assert_eq(c->shape[1], 2);
    for (int i = 0; i < 6; i++) cr_assert_eq(AT(float, c, i), 0.0f);
    IgTensor *e = ig_fill(NULL, IG_FLOAT64, 2, SHAPE(0, 4), 0);
    IgTensor *f = ig_fill(NULL, IG_FLOAT64, 2, SHAPE(4, 5), 1);
    IgTensor *g = ig_matmul(NULL, e, f, false, false);
    cr_assert_eq(g->shape[0], 0);
    cr_assert_eq(g->shape[1], 5);
    IgTensor *all[] = {a, b, c, e, f, g};
    for (size_t k = 0; k < sizeof all / sizeof all[0]; k++) ig_release(all[k]);
}

Test(matmul, primitive_created_once_per_site_and_shape)
{
    static IgSite s1 = IG_SITE("mm.py", 1), s2 = IG_SITE("mm.py", 2);
    IgTensor *a = ig_fill(NULL, IG_FLOAT32, 2, SHAPE(4, 8), 1);
    IgTensor *b = ig_fill(NULL, IG_FLOAT32, 2, SHAPE(8, 3), 0.5);
    long base = ig_prim_created_count();
    for (int k = 0; k < 5; k++) {
        IgTensor *c = ig_matmul(&s1, a, b, false, false);
        cr_assert_eq(AT(float, c, 11), 4.0f);
        ig_release(c);
    }
    cr_assert_eq(ig_prim_created_count(), base + 1);
    void *cache = s1.cache;
    IgTensor *c2 = ig_matmul(&s2, a, b, false, false); /* another site: its own primitive */
    cr_assert_eq(ig_prim_created_count(), base + 2);
    IgTensor *a2 = ig_fill(NULL, IG_FLOAT32, 2, SHAPE(2, 8), 1);
    IgTensor *c3 = ig_matmul(&s1, a2, b, false, false); /* new shape: re-created */
    cr_assert_eq(ig_prim_created_count(), base + 3);
    cr_assert_eq(c3->shape[0], 2);
    IgTensor *c4 = ig_matmul(&s1, a2, b, false, false);
    cr_assert_eq(ig_prim_created_count(), base + 3);
    (void)cache;
    IgTensor *all[] = {a, b, c2, a2, c3, c4};
    for (size_t k = 0; k < sizeof all / sizeof all[0]; k++) ig_release(all[k]);
    ig_runtime_shutdown();
    cr_assert_null(s1.cache);
    cr_assert_null(s2.cache);
}

Test(matmul, inner_dimensions_differ, .exit_code = 1)
{
    static IgSite site = IG_SITE("train.py", 14);
    expect_fatal("train.py:14: error: matmul: shapes [1,784] and [128,10] are incompatible: "
                 "inner dimensions differ (784 vs 128)\n");
    IgTensor *a = ig_tensor_new(IG_FLOAT32, 2, SHAPE(1, 784));
    IgTensor *b = ig_tensor_new(IG_FLOAT32, 2, SHAPE(128, 10));
    ig_matmul(&site, a, b, false, false);
}

/* ---- batched matmul (BatchMatMulV2) ------------------------------------------------ */
static IgTensor *random_nd(IgDType dt, int rank, const int64_t *shape)
{
    IgTensor *t = ig_tensor_new(dt, rank, shape);
    for (int64_t i = 0; i < t->size; i++) {
        int r = rand() % 201 - 100;
        switch (dt) {
        case IG_FLOAT32: ((float *)t->data)[i] = (float)r / 37.0f; break;
        case IG_FLOAT64: ((double *)t->data)[i] = r / 37.0; break;
        case IG_INT32: ((int32_t *)t->data)[i] = r; break;
        case IG_INT64: ((int64_t *)t->data)[i] = r; break;
        default: break;
        }
    }
    return t;
}

/* The operand's element [batch..., i, j] of op(t), batch coords right-aligned to the
 * output's batch rank nb and broadcast where t's dim is 1. */
static double op_elem(const IgTensor *t, bool trans, int nb, const int64_t *bc, int64_t i,
                      int64_t j) {
    int64_t flat = 0;
    int lead = nb - (t->rank - 2);
    for (int d = 0; d < t->rank - 2; d++) {
        int64_t c = t->shape[d] == 1 ? 0 : bc[d + lead];
        flat = flat * t->shape[d] + c;
    }
    int64_t r = trans ? j : i, c = trans ? i : j;
    flat = (flat * t->shape[t->rank - 2] + r) * t->shape[t->rank - 1] + c;
    return elem(t, flat);
}

/* a and b are created in their stored layout: [..., k, m] when transposed. */
static void check_batched(IgSite *site, IgDType dt, int ra, const int64_t *ba, int rb,
                          const int64_t *bb, int64_t m, int64_t k, int64_t n, bool ta, bool tb)
{
    int64_t sa[IG_MAX_RANK], sb[IG_MAX_RANK];
    if (ra > 2) memcpy(sa, ba, (size_t)(ra - 2) * sizeof *sa);
    if (rb > 2) memcpy(sb, bb, (size_t)(rb - 2) * sizeof *sb);
    sa[ra - 2] = ta ? k : m, sa[ra - 1] = ta ? m : k;
    sb[rb - 2] = tb ? n : k, sb[rb - 1] = tb ? k : n;
    IgTensor *a = random_nd(dt, ra, sa), *b = random_nd(dt, rb, sb);
    IgTensor *c = ig_matmul(site, a, b, ta, tb);
    int rank = ra > rb ? ra : rb, nb = rank - 2;
    cr_assert_eq(c->rank, rank);
    cr_assert_eq(c->shape[rank - 2], m);
    cr_assert_eq(c->shape[rank - 1], n);
    int64_t nbatch = 1;
    for (int d = 0; d < nb; d++) {
        int da = d - (rank - ra), db = d - (rank - rb);
        int64_t xa = da >= 0 ? ba[da] : 1, xb = db >= 0 ? bb[db] : 1;
        cr_assert_eq(c->shape[d], xa > xb ? xa : xb);
        nbatch *= c->shape[d];
    }
    int64_t bad = 0, bc[IG_MAX_RANK];
    for (int64_t bi = 0; bi < nbatch; bi++) {
        int64_t rest = bi;
        for (int d = nb - 1; d >= 0; d--) bc[d] = rest % c->shape[d], rest /= c->shape[d];
        for (int64_t i = 0; i < m; i++)
            for (int64_t j = 0; j < n; j++) {
                double want = 0;
                for (int64_t p = 0; p < k; p++)
                    want += op_elem(a, ta, nb, bc, i, p) * op_elem(b, tb, nb, bc, p, j);
                double got = elem(c, (bi * m + i) * n + j);
                double tol = dt == IG_FLOAT32 ? 1e-4 * (1 + fabs(want)) * sqrt((double)k + 1)
                           : dt == IG_FLOAT64 ? 1e-12 * (1 + fabs(want)) : 0;
                if (fabs(got - want) > tol) bad++;
            }
    }
    cr_assert_eq(bad, 0, "%s ta=%d tb=%d ranks %d,%d", ig_dtype_name(dt), ta, tb, ra, rb);
    ig_release(a), ig_release(b), ig_release(c);
}

Test(matmul, batched_broadcast_and_transposes_every_dtype)
{
    static IgSite site = IG_SITE("bmm.py", 1);
    srand(3);
    const IgDType dts[] = {IG_FLOAT32, IG_FLOAT64, IG_INT32, IG_INT64};
    for (size_t d = 0; d < 4; d++)
        for (int t = 0; t < 4; t++) {
            bool ta = t & 1, tb = t & 2;
            check_batched(&site, dts[d], 2, NULL, 2, NULL, 3, 4, 5, ta, tb);
            check_batched(&site, dts[d], 3, SHAPE(2), 3, SHAPE(2), 3, 4, 5, ta, tb);
            check_batched(&site, dts[d], 3, SHAPE(2), 2, NULL, 3, 4, 5, ta, tb);
            check_batched(&site, dts[d], 2, NULL, 4, SHAPE(2, 3), 1, 4, 2, ta, tb);
            check_batched(&site, dts[d], 4, SHAPE(2, 1), 3, SHAPE(3), 2, 3, 4, ta, tb);
            check_batched(&site, dts[d], 3, SHAPE(1), 3, SHAPE(4), 5, 1, 3, ta, tb);
            check_batched(&site, dts[d], 5, SHAPE(2, 1, 3), 4, SHAPE(2, 1), 2, 3, 1, ta, tb);
            check_batched(NULL, dts[d], 3, SHAPE(3), 3, SHAPE(1), 17, 33, 9, ta, tb);
        }
}

Test(matmul, batched_size_zero_dims)
{
    IgTensor *a = ig_fill(NULL, IG_FLOAT32, 3, SHAPE(0, 2, 3), 1);
    IgTensor *b = ig_fill(NULL, IG_FLOAT32, 2, SHAPE(3, 4), 1);
    IgTensor *c = ig_matmul(NULL, a, b, false, false);
    cr_assert_eq(c->rank, 3);
    cr_assert_eq(c->shape[0], 0);
    cr_assert_eq(c->shape[2], 4);
    IgTensor *e = ig_fill(NULL, IG_INT32, 3, SHAPE(2, 0, 3), 1);
    IgTensor *f = ig_fill(NULL, IG_INT32, 3, SHAPE(2, 0, 5), 1);
    IgTensor *g = ig_matmul(NULL, e, f, true, false); /* k == 0: zeros [2,3,5] */
    cr_assert_eq(g->size, 30);
    for (int i = 0; i < 30; i++) cr_assert_eq(AT(int32_t, g, i), 0);
    IgTensor *all[] = {a, b, c, e, f, g};
    for (size_t k = 0; k < sizeof all / sizeof all[0]; k++) ig_release(all[k]);
}

/* The float32 oneDNN primitive and the float64 loop agree on the same values. */
Test(matmul, onednn_float32_agrees_with_the_float64_loop)
{
    srand(11);
    IgTensor *a64 = random_nd(IG_FLOAT64, 3, SHAPE(3, 40, 70)),
             *b64 = random_nd(IG_FLOAT64, 2, SHAPE(30, 70));
    IgTensor *a32 = ig_cast(NULL, a64, IG_FLOAT32), *b32 = ig_cast(NULL, b64, IG_FLOAT32);
    IgTensor *c64 = ig_matmul(NULL, a64, b64, false, true),
             *c32 = ig_matmul(NULL, a32, b32, false, true);
    cr_assert_eq(c32->size, 3 * 40 * 30);
    for (int64_t i = 0; i < c32->size; i++) {
        double want = AT(double, c64, i);
        cr_assert(fabs(AT(float, c32, i) - want) <= 1e-4 * (1 + fabs(want)) * 9, "at %lld",
                  (long long)i);
    }
    IgTensor *all[] = {a64, b64, a32, b32, c64, c32};
    for (size_t k = 0; k < sizeof all / sizeof all[0]; k++) ig_release(all[k]);
}

Test(matmul, primitive_recreated_when_the_flags_change)
{
    static IgSite site = IG_SITE("mm.py", 3);
    IgTensor *a = ig_fill(NULL, IG_FLOAT32, 2, SHAPE(4, 4), 1);
    long base = ig_prim_created_count();
    IgTensor *c1 = ig_matmul(&site, a, a, false, false), *c2 = ig_matmul(&site, a, a, false, false);
    cr_assert_eq(ig_prim_created_count(), base + 1);
    IgTensor *c3 = ig_matmul(&site, a, a, true, false);
    cr_assert_eq(ig_prim_created_count(), base + 2);
    IgTensor *c4 = ig_matmul(&site, a, a, true, false);
    cr_assert_eq(ig_prim_created_count(), base + 2);
    cr_assert_eq(AT(float, c4, 5), 4.0f);
    ig_release(a), ig_release(c1), ig_release(c2), ig_release(c3), ig_release(c4);
}

Test(matmul, rank_one_operand, .exit_code = 1)
{
    static IgSite site = IG_SITE("mm.py", 9);
    expect_fatal("mm.py:9: error: matmul: shapes [3] and [3,4] are incompatible: both must have "
                 "rank 2 or more\n");
    IgTensor *a = ig_tensor_new(IG_FLOAT32, 1, SHAPE(3));
    IgTensor *b = ig_tensor_new(IG_FLOAT32, 2, SHAPE(3, 4));
    ig_matmul(&site, a, b, false, false);
}

Test(matmul, batch_dimensions_differ, .exit_code = 1)
{
    static IgSite site = IG_SITE("mm.py", 10);
    expect_fatal("mm.py:10: error: matmul: shapes [2,3,4] and [5,4,2] are incompatible: batch "
                 "dimensions differ (2 vs 5)\n");
    IgTensor *a = ig_tensor_new(IG_FLOAT64, 3, SHAPE(2, 3, 4));
    IgTensor *b = ig_tensor_new(IG_FLOAT64, 3, SHAPE(5, 4, 2));
    ig_matmul(&site, a, b, false, false);
}

Test(matmul, inner_dimensions_differ_after_transpose, .exit_code = 1)
{
    static IgSite site = IG_SITE("mm.py", 11);
    expect_fatal("mm.py:11: error: matmul: shapes [3,4] and [3,5] are incompatible: inner "
                 "dimensions differ (4 vs 5)\n");
    IgTensor *a = ig_tensor_new(IG_INT32, 2, SHAPE(3, 4));
    IgTensor *b = ig_tensor_new(IG_INT32, 2, SHAPE(3, 5));
    ig_matmul(&site, a, b, false, true);
}

Test(reduce, axes_and_keepdims)
{
    IgTensor *x = I32(2, SHAPE(2, 3), 1, 2, 3, 4, 5, 6);
    IgTensor *r0 = ig_reduce_sum(NULL, x, 1, (const int[]){0}, false, false);
    IgTensor *r1 = ig_reduce_sum(NULL, x, 1, (const int[]){1}, false, true);
    IgTensor *ra = ig_reduce_sum(NULL, x, 0, NULL, true, false);
    IgTensor *rk = ig_reduce_sum(NULL, x, 0, NULL, true, true);
    cr_assert_eq(r0->rank, 1);
    cr_assert_eq(r0->shape[0], 3);
    cr_assert_eq(AT(int32_t, r0, 0), 5);
    cr_assert_eq(AT(int32_t, r0, 2), 9);
    cr_assert_eq(r1->rank, 2);
    cr_assert_eq(r1->shape[0], 2);
    cr_assert_eq(r1->shape[1], 1);
    cr_assert_eq(AT(int32_t, r1, 0), 6);
    cr_assert_eq(AT(int32_t, r1, 1), 15);
    cr_assert_eq(ra->rank, 0);
    cr_assert_eq(AT(int32_t, ra, 0), 21);
    cr_assert_eq(rk->rank, 2);
    cr_assert_eq(rk->shape[0], 1);
    cr_assert_eq(AT(int32_t, rk, 0), 21);
    IgTensor *all[] = {x, r0, r1, ra, rk};
    for (size_t k = 0; k < sizeof all / sizeof all[0]; k++) ig_release(all[k]);
}

Test(reduce, middle_axis_of_rank_3_and_floats)
{
    /* x[i,j,k] = i*100 + j*10 + k over [2,3,4]; sum over j: i*300 + 30 + 3k */
    IgTensor *x = ig_tensor_new(IG_FLOAT64, 3, SHAPE(2, 3, 4));
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 3; j++)
            for (int k = 0; k < 4; k++)
                ((double *)x->data)[(i * 3 + j) * 4 + k] = i * 100 + j * 10 + k;
    IgTensor *r = ig_reduce_sum(NULL, x, 1, (const int[]){1}, false, false);
    cr_assert_eq(r->rank, 2);
    for (int i = 0; i < 2; i++)
        for (int k = 0; k < 4; k++) cr_assert_eq(AT(double, r, i * 4 + k), i * 300 + 30 + 3 * k);
    IgTensor *r02 = ig_reduce_sum(NULL, x, 2, (const int[]){0, 2}, false, false);
    cr_assert_eq(r02->rank, 1);
    for (int j = 0; j < 3; j++) cr_assert_eq(AT(double, r02, j), 100 * 4 + j * 10 * 8 + 2 * 6);
    IgTensor *f = F32(1, SHAPE(4), 0.5f, 0.25f, 1.0f, -2.0f);
    IgTensor *rf = ig_reduce_sum(NULL, f, 1, (const int[]){0}, false, false);
    cr_assert_eq(AT(float, rf, 0), -0.25f);
    IgTensor *l = I64(1, SHAPE(2), INT64_MAX, 1);
    IgTensor *rl = ig_reduce_sum(NULL, l, 0, NULL, true, false);
    cr_assert_eq(AT(int64_t, rl, 0), INT64_MIN); /* wraps */
    IgTensor *all[] = {x, r, r02, f, rf, l, rl};
    for (size_t k = 0; k < sizeof all / sizeof all[0]; k++) ig_release(all[k]);
}

Test(reduce, size_zero_and_scalar)
{
    IgTensor *e = ig_fill(NULL, IG_FLOAT32, 2, SHAPE(0, 3), 1);
    IgTensor *r = ig_reduce_sum(NULL, e, 1, (const int[]){0}, false, false);
    cr_assert_eq(r->shape[0], 3);
    for (int k = 0; k < 3; k++) cr_assert_eq(AT(float, r, k), 0.0f);
    IgTensor *r2 = ig_reduce_sum(NULL, e, 1, (const int[]){1}, false, false);
    cr_assert_eq(r2->shape[0], 0);
    IgTensor *s = scalar_i32(5), *rs = ig_reduce_sum(NULL, s, 0, NULL, true, false);
    cr_assert_eq(rs->rank, 0);
    cr_assert_eq(AT(int32_t, rs, 0), 5);
    IgTensor *all[] = {e, r, r2, s, rs};
    for (size_t k = 0; k < sizeof all / sizeof all[0]; k++) ig_release(all[k]);
}

/* The activation as its own op computes it, taking t's reference. */
static IgTensor *activate(IgSite *site, IgTensor *t, IgActivation act)
{
    IgTensor *r = act == IG_ACT_RELU      ? ig_relu(site, t)
                  : act == IG_ACT_SIGMOID ? ig_sigmoid(site, t)
                  : act == IG_ACT_TANH    ? ig_tanh(site, t)
                                          : ig_tensor_copy(t);
    ig_release(t);
    return r;
}

/* ig_matmul_bias computes act(matmul + bias) as the three ops do: float32 on one
 * primitive with its bias argument, other dtypes and a bias that broadcasts otherwise
 * through the three ops themselves. relu gives +0, never -0. */
static void check_matmul_bias(IgDType dt, int64_t m, int64_t k, int64_t n, IgActivation act)
{
    static IgSite fused_site = IG_SITE("mm.py", 2), site = IG_SITE("mm.py", 3);
    IgTensor *a = random_tensor(dt, m, k), *b = random_tensor(dt, k, n);
    IgTensor *bias2 = random_tensor(dt, 1, n);
    IgTensor *bias = ig_tensor_copy(bias2);
    bias->rank = 1, bias->shape[0] = n; /* the same elements as a vector */
    IgTensor *got = ig_matmul_bias(&fused_site, a, b, bias, false, false, act);
    IgTensor *mm = ig_matmul(&site, a, b, false, false);
    IgTensor *want = activate(&site, ig_add(&site, mm, bias), act);
    cr_assert_eq(got->dtype, dt);
    cr_assert(ig_shape_equal(got->rank, got->shape, want->rank, want->shape));
    for (int64_t i = 0; i < want->size; i++) {
        double g = elem(got, i), w = elem(want, i);
        cr_assert(fabs(g - w) <= 1e-5 * (1 + fabs(w)),
                  "%s %lldx%lldx%lld act=%d at %lld: %g vs %g", ig_dtype_name(dt),
                  (long long)m, (long long)k, (long long)n, act, (long long)i, g, w);
        if (act == IG_ACT_RELU)
            cr_assert(!(g == 0 && signbit(g)), "relu gave -0 at %lld", (long long)i);
    }
    ig_release(a), ig_release(b), ig_release(bias2), ig_release(bias), ig_release(got);
    ig_release(mm), ig_release(want);
}

Test(matmul, bias_and_activation_as_the_three_ops)
{
    srand(7);
    for (int act = IG_ACT_NONE; act <= IG_ACT_TANH; act++) {
        check_matmul_bias(IG_FLOAT32, 64, 64, 128, act);
        check_matmul_bias(IG_FLOAT32, 3, 5, 7, act);
        check_matmul_bias(IG_FLOAT32, 1, 1, 1, act);
        check_matmul_bias(IG_FLOAT64, 9, 4, 6, act);
        if (act == IG_ACT_NONE || act == IG_ACT_RELU) check_matmul_bias(IG_INT32, 9, 4, 6, act);
    }
}

Test(matmul, bias_of_another_shape_is_added_as_add_does, .exit_code = 1)
{
    static IgSite site = IG_SITE("mm.py", 4);
    IgTensor *a = random_tensor(IG_FLOAT32, 2, 3), *b = random_tensor(IG_FLOAT32, 3, 4);
    IgTensor *bias = random_tensor(IG_FLOAT32, 2, 1); /* broadcasts: [2,4] */
    IgTensor *c = ig_matmul_bias(&site, a, b, bias, false, false, IG_ACT_NONE);
    cr_assert_eq(c->shape[0], 2);
    cr_assert_eq(c->shape[1], 4);
    IgTensor *wrong = random_tensor(IG_FLOAT32, 1, 5); /* [1,5] against [2,4]: add's error */
    expect_fatal("mm.py:4: error: add: shapes [2,4] and [1,5] cannot be broadcast\n");
    ig_matmul_bias(&site, a, b, wrong, false, false, IG_ACT_RELU);
}
