/* test_reduce_ops.c — the reductions (sum, mean, prod, max, min, all, any) and argmax/argmin:
 * values against hand-computed ones (axes, keepdims, size-1 dims, NaN, integer wrap, the
 * identities of empty reductions, ties), the threaded walk and the oneDNN path against a
 * direct double computation, and the primitive cache. */
#include <float.h>
#include <math.h>

#include "rt_test.h"

#define AXES(...) RANK(__VA_ARGS__), ((const int[]){__VA_ARGS__})

static bool same_f(double got, double want)
{
    if (isnan(want)) return isnan(got);
    return got == want && signbit(got) == signbit(want);
}

static void expect_shape(const IgTensor *t, int rank, const int64_t *shape)
{
    cr_assert_eq(t->rank, rank, "rank %d, want %d", t->rank, rank);
    for (int i = 0; i < rank; i++)
        cr_assert_eq(t->shape[i], shape[i], "dim %d: %lld, want %lld", i, (long long)t->shape[i],
                     (long long)shape[i]);
}

static void expect_f32(const IgTensor *t, int n, const float *want)
{
    cr_assert_eq(t->dtype, IG_FLOAT32);
    cr_assert_eq(t->size, n);
    for (int i = 0; i < n; i++)
        cr_assert(same_f(AT(float, t, i), want[i]), "at %d: got %.9g, want %.9g", i,
                  AT(float, t, i), want[i]);
}
#define EXPECT_F32(t, ...)                                                             \
    expect_f32(t, (int)(sizeof((const float[]){__VA_ARGS__}) / sizeof(float)),          \
               (const float[]){__VA_ARGS__})

/* ---- sum and mean ------------------------------------------------------------------------ */
Test(reduce, sum_over_each_axis_and_all)
{
    IgTensor *x = F32(2, SHAPE(2, 3), 1.0f, 2.0f, 3.0f, 4.0f, 5.0f, 6.0f);
    IgTensor *s0 = ig_reduce_sum(NULL, x, AXES(0), false, false);
    IgTensor *s1 = ig_reduce_sum(NULL, x, AXES(1), false, true);
    IgTensor *all = ig_reduce_sum(NULL, x, 0, NULL, true, false);
    expect_shape(s0, 1, SHAPE(3));
    EXPECT_F32(s0, 5.0f, 7.0f, 9.0f);
    expect_shape(s1, 2, SHAPE(2, 1));
    EXPECT_F32(s1, 6.0f, 15.0f);
    expect_shape(all, 0, NULL);
    EXPECT_F32(all, 21.0f);
    ig_release(x), ig_release(s0), ig_release(s1), ig_release(all);
}

Test(reduce, sum_wraps_ints_and_sums_a_scalar_to_itself)
{
    IgTensor *x = I32(1, SHAPE(2), INT32_MAX, 1);
    IgTensor *s = ig_reduce_sum(NULL, x, AXES(0), false, false);
    cr_assert_eq(AT(int32_t, s, 0), INT32_MIN);
    IgTensor *l = I64(1, SHAPE(2), INT64_MIN, -1);
    IgTensor *sl = ig_reduce_sum(NULL, l, 0, NULL, true, false);
    cr_assert_eq(AT(int64_t, sl, 0), INT64_MAX);
    IgTensor *c = scalar_f64(-0.5), *sc = ig_reduce_sum(NULL, c, 0, NULL, true, false);
    cr_assert_eq(sc->rank, 0);
    cr_assert_eq(AT(double, sc, 0), -0.5);
    ig_release(x), ig_release(s), ig_release(l), ig_release(sl), ig_release(c), ig_release(sc);
}

Test(reduce, mean_of_floats_and_truncating_ints)
{
    IgTensor *x = F32(2, SHAPE(2, 2), 1.0f, 2.0f, 3.0f, 4.0f);
    IgTensor *m0 = ig_reduce_mean(NULL, x, AXES(0), false, false);
    IgTensor *m1 = ig_reduce_mean(NULL, x, AXES(1), false, false);
    IgTensor *all = ig_reduce_mean(NULL, x, AXES(0, 1), false, true);
    EXPECT_F32(m0, 2.0f, 3.0f);
    EXPECT_F32(m1, 1.5f, 3.5f);
    expect_shape(all, 2, SHAPE(1, 1));
    EXPECT_F32(all, 2.5f);
    /* 3 / 2 = 1 and -3 / 2 = -1: toward zero; the sum wraps first, as in int32. */
    IgTensor *i = I32(2, SHAPE(3, 2), 1, 2, -1, -2, INT32_MAX, 2);
    IgTensor *mi = ig_reduce_mean(NULL, i, AXES(1), false, false);
    cr_assert_eq(AT(int32_t, mi, 0), 1);
    cr_assert_eq(AT(int32_t, mi, 1), -1);
    cr_assert_eq(AT(int32_t, mi, 2), (INT32_MIN + 1) / 2);
    IgTensor *l = I64(1, SHAPE(3), 7, 7, 8), *ml = ig_reduce_mean(NULL, l, AXES(0), false, false);
    cr_assert_eq(AT(int64_t, ml, 0), 7);
    ig_release(x), ig_release(m0), ig_release(m1), ig_release(all);
    ig_release(i), ig_release(mi), ig_release(l), ig_release(ml);
}

/* ---- prod, max, min -------------------------------------------------------------------- */
Test(reduce, prod_of_floats_and_wrapping_ints)
{
    IgTensor *x = F64(2, SHAPE(2, 2), 2.0, -3.0, 0.5, 4.0);
    IgTensor *p = ig_reduce_prod(NULL, x, AXES(1), false, false);
    cr_assert_eq(AT(double, p, 0), -6.0);
    cr_assert_eq(AT(double, p, 1), 2.0);
    IgTensor *i = I32(1, SHAPE(3), 65536, 65536, 3);
    IgTensor *pi = ig_reduce_prod(NULL, i, AXES(0), false, false);
    cr_assert_eq(AT(int32_t, pi, 0), 0);
    IgTensor *n = I32(1, SHAPE(3), -1, -1, -7);
    IgTensor *pn = ig_reduce_prod(NULL, n, AXES(0), false, false);
    cr_assert_eq(AT(int32_t, pn, 0), -7);
    IgTensor *l = I64(1, SHAPE(2), (int64_t)1 << 62, 4);
    IgTensor *pl = ig_reduce_prod(NULL, l, AXES(0), false, false);
    cr_assert_eq(AT(int64_t, pl, 0), 0);
    ig_release(x), ig_release(p), ig_release(i), ig_release(pi), ig_release(n), ig_release(pn);
    ig_release(l), ig_release(pl);
}

Test(reduce, max_min_propagate_nan_wherever_it_is)
{
    IgTensor *x = F32(2, SHAPE(3, 3), NAN, 1.0f, 2.0f, 1.0f, NAN, 2.0f, 1.0f, 2.0f, NAN);
    IgTensor *mx = ig_reduce_max(NULL, x, AXES(1), false, false);
    IgTensor *mn = ig_reduce_min(NULL, x, AXES(1), false, false);
    EXPECT_F32(mx, NAN, NAN, NAN);
    EXPECT_F32(mn, NAN, NAN, NAN);
    IgTensor *y = F64(2, SHAPE(2, 2), -INFINITY, 3.0, -1.0, INFINITY);
    IgTensor *my = ig_reduce_max(NULL, y, AXES(0), false, false);
    IgTensor *ny = ig_reduce_min(NULL, y, AXES(0), false, false);
    cr_assert_eq(AT(double, my, 0), -1.0);
    cr_assert_eq(AT(double, my, 1), INFINITY);
    cr_assert_eq(AT(double, ny, 0), -INFINITY);
    cr_assert_eq(AT(double, ny, 1), 3.0);
    ig_release(x), ig_release(mx), ig_release(mn), ig_release(y), ig_release(my), ig_release(ny);
}

Test(reduce, max_min_of_ints_at_their_limits)
{
    IgTensor *x = I32(1, SHAPE(3), INT32_MIN, 5, INT32_MAX);
    IgTensor *mx = ig_reduce_max(NULL, x, AXES(0), false, false);
    IgTensor *mn = ig_reduce_min(NULL, x, AXES(0), false, false);
    cr_assert_eq(AT(int32_t, mx, 0), INT32_MAX);
    cr_assert_eq(AT(int32_t, mn, 0), INT32_MIN);
    IgTensor *l = I64(2, SHAPE(1, 2), INT64_MIN, -3);
    IgTensor *ml = ig_reduce_max(NULL, l, AXES(1), false, false);
    cr_assert_eq(AT(int64_t, ml, 0), -3);
    ig_release(x), ig_release(mx), ig_release(mn), ig_release(l), ig_release(ml);
}

/* ---- all, any ------------------------------------------------------------------------------ */
Test(reduce, all_any_along_axes)
{
    IgTensor *x = BOOLS(2, SHAPE(2, 3), 1, 0, 1, 1, 2, 1); /* any nonzero byte is true */
    IgTensor *a1 = ig_reduce_all(NULL, x, AXES(1), false, false);
    IgTensor *y1 = ig_reduce_any(NULL, x, AXES(0), false, false);
    IgTensor *a = ig_reduce_all(NULL, x, 0, NULL, true, false);
    IgTensor *y = ig_reduce_any(NULL, x, 0, NULL, true, true);
    cr_assert_eq(a1->dtype, IG_BOOL);
    cr_assert_eq(AT(uint8_t, a1, 0), 0);
    cr_assert_eq(AT(uint8_t, a1, 1), 1);
    for (int i = 0; i < 3; i++) cr_assert_eq(AT(uint8_t, y1, i), 1, "at %d", i);
    cr_assert_eq(AT(uint8_t, a, 0), 0);
    expect_shape(y, 2, SHAPE(1, 1));
    cr_assert_eq(AT(uint8_t, y, 0), 1);
    IgTensor *f = BOOLS(1, SHAPE(2), 0, 0), *yf = ig_reduce_any(NULL, f, AXES(0), false, false);
    cr_assert_eq(AT(uint8_t, yf, 0), 0);
    ig_release(x), ig_release(a1), ig_release(y1), ig_release(a), ig_release(y);
    ig_release(f), ig_release(yf);
}

/* ---- Shapes: several axes, size-1 dims, empty reductions ------------------------------- */
Test(reduce, several_axes_with_size_one_dims)
{
    /* x[i][0][j][k] = 100i + 10j + k over [2, 1, 3, 2]; reducing dims 0 and 3 leaves
     * [1, 3] (keepdims: [1, 1, 3, 1]), each the sum over i, k. */
    IgTensor *x = ig_tensor_new(IG_INT64, 4, SHAPE(2, 1, 3, 2));
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 3; j++)
            for (int k = 0; k < 2; k++)
                ((int64_t *)x->data)[i * 6 + j * 2 + k] = 100 * i + 10 * j + k;
    IgTensor *s = ig_reduce_sum(NULL, x, AXES(0, 3), false, false);
    IgTensor *sk = ig_reduce_max(NULL, x, AXES(3, 0), false, true);
    expect_shape(s, 2, SHAPE(1, 3));
    expect_shape(sk, 4, SHAPE(1, 1, 3, 1));
    for (int j = 0; j < 3; j++) {
        cr_assert_eq(AT(int64_t, s, j), 202 + 40 * j, "sum at %d", j);
        cr_assert_eq(AT(int64_t, sk, j), 100 + 10 * j + 1, "max at %d", j);
    }
    /* Reducing only a size-1 dim copies. */
    IgTensor *one = ig_reduce_min(NULL, x, AXES(1), false, false);
    expect_shape(one, 3, SHAPE(2, 3, 2));
    cr_assert_eq(memcmp(one->data, x->data, 12 * sizeof(int64_t)), 0);
    ig_release(x), ig_release(s), ig_release(sk), ig_release(one);
}

Test(reduce, empty_reductions_give_the_identities)
{
    IgTensor *f = ig_tensor_new(IG_FLOAT32, 2, SHAPE(0, 2));
    IgTensor *sum = ig_reduce_sum(NULL, f, AXES(0), false, false);
    IgTensor *mean = ig_reduce_mean(NULL, f, AXES(0), false, false);
    IgTensor *prod = ig_reduce_prod(NULL, f, AXES(0), false, false);
    IgTensor *max = ig_reduce_max(NULL, f, AXES(0), false, false);
    IgTensor *min = ig_reduce_min(NULL, f, 0, NULL, true, false);
    EXPECT_F32(sum, 0.0f, 0.0f);
    EXPECT_F32(mean, NAN, NAN);
    EXPECT_F32(prod, 1.0f, 1.0f);
    EXPECT_F32(max, -INFINITY, -INFINITY);
    EXPECT_F32(min, INFINITY);
    IgTensor *i = ig_tensor_new(IG_INT32, 1, SHAPE(0));
    IgTensor *imax = ig_reduce_max(NULL, i, AXES(0), false, false);
    IgTensor *imin = ig_reduce_min(NULL, i, AXES(0), false, false);
    IgTensor *imean = ig_reduce_mean(NULL, i, AXES(0), false, false);
    cr_assert_eq(AT(int32_t, imax, 0), INT32_MIN);
    cr_assert_eq(AT(int32_t, imin, 0), INT32_MAX);
    cr_assert_eq(AT(int32_t, imean, 0), 0);
    IgTensor *b = ig_tensor_new(IG_BOOL, 2, SHAPE(3, 0));
    IgTensor *all = ig_reduce_all(NULL, b, AXES(1), false, false);
    IgTensor *any = ig_reduce_any(NULL, b, AXES(1), false, false);
    for (int k = 0; k < 3; k++) {
        cr_assert_eq(AT(uint8_t, all, k), 1, "all at %d", k);
        cr_assert_eq(AT(uint8_t, any, k), 0, "any at %d", k);
    }
    /* Keeping the empty dim: an empty result. */
    IgTensor *none = ig_reduce_sum(NULL, f, AXES(1), false, false);
    expect_shape(none, 1, SHAPE(0));
    ig_release(f), ig_release(sum), ig_release(mean), ig_release(prod), ig_release(max);
    ig_release(min), ig_release(i), ig_release(imax), ig_release(imin), ig_release(imean);
    ig_release(b), ig_release(all), ig_release(any), ig_release(none);
}

/* Large enough for the threaded walk (and, as float64, never oneDNN): each output must
 * still see exactly its own elements. */
Test(reduce, large_walks_match_a_direct_computation)
{
    enum { A = 37, B = 1000, C = 3 };
    IgTensor *x = ig_tensor_new(IG_FLOAT64, 3, SHAPE(A, B, C));
    double *d = x->data;
    for (int i = 0; i < A * B * C; i++) d[i] = (double)((i * 7919) % 1001) - 500.0;
    const int cases[][2] = {{0, 0}, {1, 1}, {2, 2}, {0, 2}};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        int axes[2] = {cases[c][0], cases[c][1]};
        int naxes = axes[0] == axes[1] ? 1 : 2;
        IgTensor *s = ig_reduce_sum(NULL, x, naxes, axes, false, true);
        IgTensor *m = ig_reduce_max(NULL, x, naxes, axes, false, true);
        int64_t dim[3] = {A, B, C};
        for (int k = 0; k < naxes; k++) dim[axes[k]] = 1;
        expect_shape(s, 3, dim);
        /* Each output against its own elements: a reduced dim spans its whole range. */
        for (int64_t o0 = 0; o0 < dim[0]; o0++)
            for (int64_t o1 = 0; o1 < dim[1]; o1++)
                for (int64_t o2 = 0; o2 < dim[2]; o2++) {
                    const int64_t o[3] = {o0, o1, o2}, full[3] = {A, B, C};
                    int64_t lo[3], hi[3];
                    for (int k = 0; k < 3; k++) {
                        lo[k] = dim[k] == 1 ? 0 : o[k];
                        hi[k] = dim[k] == 1 ? full[k] : o[k] + 1;
                    }
                    double sum = 0.0, max = -INFINITY;
                    for (int64_t i = lo[0]; i < hi[0]; i++)
                        for (int64_t j = lo[1]; j < hi[1]; j++)
                            for (int64_t k = lo[2]; k < hi[2]; k++) {
                                double v = d[(i * B + j) * C + k];
                                sum += v;
                                max = v > max ? v : max;
                            }
                    int64_t at = (o0 * dim[1] + o1) * dim[2] + o2;
                    cr_assert_eq(AT(double, s, at), sum, "case %zu sum at %lld", c, (long long)at);
                    cr_assert_eq(AT(double, m, at), max, "case %zu max at %lld", c, (long long)at);
                }
        ig_release(s), ig_release(m);
    }
    ig_release(x);
}

/* ---- The oneDNN path (float32 sum/mean/prod over trailing axes) --------------------------- */

static IgTensor *big_f32(int rank, const int64_t *shape)
{
    IgTensor *x = ig_tensor_new(IG_FLOAT32, rank, shape);
    for (int64_t i = 0; i < x->size; i++)
        ((float *)x->data)[i] = 0.5f + (float)((i * 7919) % 1000) / 1000.0f;
    return x;
}

/* Relative agreement with a double computation: float32 accumulation over 1e5 terms. */
static void expect_close(const IgTensor *t, int64_t i, double want, double rel)
{
    double got = AT(float, t, i);
    cr_assert(fabs(got - want) <= rel * fabs(want), "at %lld: got %.9g, want %.9g",
              (long long)i, got, want);
}

Test(reduce_dnnl, sum_mean_over_everything_agree_with_double)
{
    static IgSite site = IG_SITE("loss.py", 5);
    IgTensor *x = big_f32(1, SHAPE(100000));
    double sum = 0.0;
    for (int64_t i = 0; i < x->size; i++) sum += AT(float, x, i);
    long before = ig_prim_created_count();
    IgTensor *s = ig_reduce_sum(&site, x, AXES(0), false, false);
    cr_assert_eq(ig_prim_created_count() - before, 1, "oneDNN ran");
    expect_close(s, 0, sum, 2e-6);
    IgTensor *s2 = ig_reduce_sum(&site, x, 0, NULL, true, true);
    cr_assert_eq(ig_prim_created_count() - before, 1, "the primitive was cached");
    expect_shape(s2, 1, SHAPE(1));
    cr_assert_eq(AT(float, s2, 0), AT(float, s, 0));
    IgTensor *m = ig_reduce_mean(&site, x, AXES(0), false, false);
    cr_assert_eq(ig_prim_created_count() - before, 2, "another algorithm, another primitive");
    expect_close(m, 0, sum / 100000.0, 2e-6);
    IgTensor *mn = ig_reduce_mean(NULL, x, AXES(0), false, false); /* no site: no cache */
    cr_assert_eq(AT(float, mn, 0), AT(float, m, 0));
    ig_release(x), ig_release(s), ig_release(s2), ig_release(m), ig_release(mn);
    ig_site_release(&site);
}

Test(reduce_dnnl, rows_agree_with_the_loops)
{
    static IgSite site = IG_SITE("rows.py", 6);
    IgTensor *x = big_f32(3, SHAPE(40, 2, 1250)); /* reduced: the trailing 2500 per row */
    long before = ig_prim_created_count();
    IgTensor *s = ig_reduce_sum(&site, x, AXES(1, 2), false, false);
    IgTensor *m = ig_reduce_mean(&site, x, AXES(2, 1), false, true);
    cr_assert_eq(ig_prim_created_count() - before, 2);
    expect_shape(s, 1, SHAPE(40));
    expect_shape(m, 3, SHAPE(40, 1, 1));
    for (int64_t r = 0; r < 40; r++) {
        /* The same row alone is below the threshold: the double-accumulating loop. */
        IgTensor *row = tensor_of(IG_FLOAT32, 1, SHAPE(2500), (const float *)x->data + r * 2500);
        IgTensor *ls = ig_reduce_sum(NULL, row, AXES(0), false, false);
        expect_close(s, r, AT(float, ls, 0), 1e-6);
        expect_close(m, r, AT(float, ls, 0) / 2500.0, 1e-6);
        ig_release(row), ig_release(ls);
    }
    cr_assert_eq(ig_prim_created_count() - before, 2, "the loops made no primitive");
    ig_release(x), ig_release(s), ig_release(m);
    ig_site_release(&site);
}

Test(reduce_dnnl, prod_and_special_values)
{
    IgTensor *x = ig_tensor_new(IG_FLOAT32, 2, SHAPE(4, 25000));
    float *d = x->data;
    /* Exact products whatever the order: ones, and in row 0 a 2 and a 0.25. */
    for (int64_t i = 0; i < x->size; i++) d[i] = 1.0f;
    d[100] = 2.0f;
    d[20000] = 0.25f;
    d[25000 + 17] = NAN;        /* row 1: NaN */
    d[50000 + 3] = INFINITY;    /* row 2: inf, and a zero: inf * 0 = NaN */
    d[50000 + 24000] = 0.0f;
    d[75000 + 5] = -0.0f;       /* row 3: a signed zero: -0.0 */
    long before = ig_prim_created_count();
    IgTensor *p = ig_reduce_prod(NULL, x, AXES(1), false, false);
    IgTensor *s = ig_reduce_sum(NULL, x, AXES(1), false, false);
    cr_assert_eq(ig_prim_created_count() - before, 2);
    cr_assert_eq(AT(float, p, 0), 0.5f);
    cr_assert(isnan(AT(float, p, 1)));
    cr_assert(isnan(AT(float, p, 2)));
    cr_assert(same_f(AT(float, p, 3), -0.0));
    cr_assert(isnan(AT(float, s, 1)));
    cr_assert_eq(AT(float, s, 2), INFINITY);
    ig_release(x), ig_release(p), ig_release(s);
}

/* Outer axes, short rows, max/min and float64 stay loops (see reduce.c for why). */
Test(reduce_dnnl, other_layouts_stay_loops)
{
    IgTensor *x = big_f32(2, SHAPE(1000, 100));
    IgTensor *y = big_f32(2, SHAPE(100, 1000));
    long before = ig_prim_created_count();
    IgTensor *a = ig_reduce_sum(NULL, x, AXES(0), false, false);  /* outer axis */
    IgTensor *b = ig_reduce_sum(NULL, x, AXES(1), false, false);  /* rows of 100 */
    IgTensor *c = ig_reduce_max(NULL, y, AXES(1), false, false);  /* max */
    cr_assert_eq(ig_prim_created_count() - before, 0);
    double col0 = 0.0;
    for (int r = 0; r < 1000; r++) col0 += AT(float, x, r * 100);
    expect_close(a, 0, col0, 1e-7);
    cr_assert(AT(float, c, 0) >= AT(float, y, 999));
    ig_release(x), ig_release(y), ig_release(a), ig_release(b), ig_release(c);
}

/* ---- argmax, argmin ------------------------------------------------------------------------ */
Test(argmax, first_index_on_ties_along_each_axis)
{
    IgTensor *x = F32(2, SHAPE(2, 3), 3.0f, 1.0f, 3.0f, 2.0f, 5.0f, 5.0f);
    IgTensor *a1 = ig_argmax(NULL, x, 1), *a0 = ig_argmax(NULL, x, 0);
    IgTensor *n1 = ig_argmin(NULL, x, 1), *n0 = ig_argmin(NULL, x, 0);
    cr_assert_eq(a1->dtype, IG_INT64);
    expect_shape(a1, 1, SHAPE(2));
    expect_shape(a0, 1, SHAPE(3));
    const int64_t want_a1[] = {0, 1}, want_a0[] = {0, 1, 1};
    const int64_t want_n1[] = {1, 0}, want_n0[] = {1, 0, 0};
    for (int i = 0; i < 2; i++) cr_assert_eq(AT(int64_t, a1, i), want_a1[i], "argmax1 at %d", i);
    for (int i = 0; i < 3; i++) cr_assert_eq(AT(int64_t, a0, i), want_a0[i], "argmax0 at %d", i);
    for (int i = 0; i < 2; i++) cr_assert_eq(AT(int64_t, n1, i), want_n1[i], "argmin1 at %d", i);
    for (int i = 0; i < 3; i++) cr_assert_eq(AT(int64_t, n0, i), want_n0[i], "argmin0 at %d", i);
    ig_release(x), ig_release(a1), ig_release(a0), ig_release(n1), ig_release(n0);
}

Test(argmax, middle_axis_ints_and_size_one_dims)
{
    /* [2, 3, 2]: argmax over the middle axis per (i, k). */
    IgTensor *x = I64(3, SHAPE(2, 3, 2), 1, 9, 7, 9, 7, 0,
                      INT64_MIN, -1, INT64_MIN, -1, INT64_MIN, 0);
    IgTensor *a = ig_argmax(NULL, x, 1), *n = ig_argmin(NULL, x, 1);
    expect_shape(a, 2, SHAPE(2, 2));
    const int64_t want_a[] = {1, 0, 0, 2}, want_n[] = {0, 2, 0, 0};
    for (int i = 0; i < 4; i++) {
        cr_assert_eq(AT(int64_t, a, i), want_a[i], "argmax at %d", i);
        cr_assert_eq(AT(int64_t, n, i), want_n[i], "argmin at %d", i);
    }
    IgTensor *one = I32(2, SHAPE(1, 3), 4, -4, 4), *o = ig_argmin(NULL, one, 0);
    expect_shape(o, 1, SHAPE(3));
    for (int i = 0; i < 3; i++) cr_assert_eq(AT(int64_t, o, i), 0, "at %d", i);
    IgTensor *v = F64(1, SHAPE(1), 2.0), *ov = ig_argmax(NULL, v, 0);
    cr_assert_eq(ov->rank, 0);
    cr_assert_eq(AT(int64_t, ov, 0), 0);
    ig_release(x), ig_release(a), ig_release(n), ig_release(one), ig_release(o);
    ig_release(v), ig_release(ov);
}

/* TensorFlow's (Eigen's) reducer: a NaN never wins, and only NaN or -inf gives 0. */
Test(argmax, nan_never_wins)
{
    IgTensor *x = F32(2, SHAPE(3, 3), NAN, 1.0f, 2.0f, -INFINITY, -INFINITY, 3.0f,
                      NAN, NAN, -INFINITY);
    IgTensor *a = ig_argmax(NULL, x, 1), *n = ig_argmin(NULL, x, 1);
    const int64_t want_a[] = {2, 2, 0}, want_n[] = {1, 0, 2};
    for (int i = 0; i < 3; i++) {
        cr_assert_eq(AT(int64_t, a, i), want_a[i], "argmax at %d", i);
        cr_assert_eq(AT(int64_t, n, i), want_n[i], "argmin at %d", i);
    }
    ig_release(x), ig_release(a), ig_release(n);
}

Test(argmax, empty_other_dims_give_an_empty_result)
{
    IgTensor *x = ig_tensor_new(IG_FLOAT32, 2, SHAPE(3, 0)), *a = ig_argmax(NULL, x, 0);
    expect_shape(a, 1, SHAPE(0));
    ig_release(x), ig_release(a);
}

Test(argmax, large_rows_match_a_direct_search)
{
    enum { R = 64, C = 1500 };
    IgTensor *x = ig_tensor_new(IG_FLOAT32, 2, SHAPE(R, C));
    for (int i = 0; i < R * C; i++) ((float *)x->data)[i] = (float)((i * 7919) % 2003);
    IgTensor *a = ig_argmax(NULL, x, 1), *n = ig_argmin(NULL, x, 0);
    for (int r = 0; r < R; r++) {
        int best = 0;
        for (int c = 1; c < C; c++)
            if (AT(float, x, r * C + c) > AT(float, x, r * C + best)) best = c;
        cr_assert_eq(AT(int64_t, a, r), best, "row %d", r);
    }
    for (int c = 0; c < C; c++) {
        int best = 0;
        for (int r = 1; r < R; r++)
            if (AT(float, x, r * C + c) < AT(float, x, best * C + c)) best = r;
        cr_assert_eq(AT(int64_t, n, c), best, "column %d", c);
    }
    ig_release(x), ig_release(a), ig_release(n);
}

Test(argmax, rejects_an_empty_axis, .exit_code = 1)
{
    static IgSite site = IG_SITE("pick.py", 12);
    IgTensor *x = ig_tensor_new(IG_FLOAT32, 2, SHAPE(0, 3));
    expect_fatal("pick.py:12: error: Reduction axis 0 is empty in shape [0,3]\n");
    ig_argmax(&site, x, 0);
}
