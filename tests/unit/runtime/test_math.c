/* test_math.c — the elementwise math kernels (abs ... sigmoid, maximum, minimum, tf.where):
 * values against hand-computed ones (NaN, inf, -0.0, integer wrap, empty tensors), the
 * large-input oneDNN path against the loops, and its primitive cache. */
#include <math.h>
#include <signal.h>

#include "rt_test.h"

/* Equal as TensorFlow would print them: both NaN, or equal with the same sign (so -0.0
 * and 0.0 differ). */
static bool same_f(double got, double want)
{
    if (isnan(want)) return isnan(got);
    return got == want && signbit(got) == signbit(want);
}

#define EXPECT_F32(t, ...)                                                             \
    do {                                                                               \
        const float want_[] = {__VA_ARGS__};                                           \
        int n_ = (int)(sizeof want_ / sizeof want_[0]);                                \
        cr_assert_eq((t)->dtype, IG_FLOAT32);                                          \
        cr_assert_eq((t)->size, n_);                                                   \
        for (int i_ = 0; i_ < n_; i_++)                                                \
            cr_assert(same_f(AT(float, t, i_), want_[i_]), "at %d: got %.9g, want %.9g", \
                      i_, AT(float, t, i_), want_[i_]);                                \
    } while (0)

#define EXPECT_F64(t, ...)                                                             \
    do {                                                                               \
        const double want_[] = {__VA_ARGS__};                                          \
        int n_ = (int)(sizeof want_ / sizeof want_[0]);                                \
        cr_assert_eq((t)->dtype, IG_FLOAT64);                                          \
        cr_assert_eq((t)->size, n_);                                                   \
        for (int i_ = 0; i_ < n_; i_++)                                                \
            cr_assert(same_f(AT(double, t, i_), want_[i_]), "at %d: got %.17g, want %.17g", \
                      i_, AT(double, t, i_), want_[i_]);                               \
    } while (0)

/* Runs op on a float32 vector of n inputs and checks the n results exactly; vals holds
 * the inputs, then the expected results. */
static void check_f32(IgTensor *(*op)(IgSite *, const IgTensor *), int n, int nvals,
                      const float *vals)
{
    cr_assert_eq(nvals, 2 * n, "as many expected values as inputs");
    IgTensor *x = tensor_of(IG_FLOAT32, 1, SHAPE(n), vals), *y = op(NULL, x);
    cr_assert_eq(y->dtype, IG_FLOAT32);
    cr_assert_eq(y->size, n);
    for (int i = 0; i < n; i++)
        cr_assert(same_f(AT(float, y, i), vals[n + i]), "x = %.9g: got %.9g, want %.9g",
                  vals[i], AT(float, y, i), vals[n + i]);
    ig_release(x), ig_release(y);
}
#define CHECK_F32(op, n, ...)                                                          \
    check_f32(op, n, (int)(sizeof((const float[]){__VA_ARGS__}) / sizeof(float)),       \
              (const float[]){__VA_ARGS__})

/* ---- Unary, exact values ---------------------------------------------------------------- */
Test(math, abs_float_and_wrapping_ints)
{
    CHECK_F32(ig_abs, 6, /* x */ -1.5f, 0.0f, -0.0f, NAN, -INFINITY, 2.0f,
              /* want */ 1.5f, 0.0f, 0.0f, NAN, INFINITY, 2.0f);
    IgTensor *i = I32(1, SHAPE(4), INT32_MIN, -3, 0, 7), *ai = ig_abs(NULL, i);
    const int32_t want[] = {INT32_MIN, 3, 0, 7};
    for (int k = 0; k < 4; k++) cr_assert_eq(AT(int32_t, ai, k), want[k], "at %d", k);
    IgTensor *l = I64(1, SHAPE(2), INT64_MIN, -5), *al = ig_abs(NULL, l);
    cr_assert_eq(AT(int64_t, al, 0), INT64_MIN);
    cr_assert_eq(AT(int64_t, al, 1), 5);
    ig_release(i), ig_release(ai), ig_release(l), ig_release(al);
}

Test(math, sign_of_zero_nan_and_ints)
{
    CHECK_F32(ig_sign, 7, /* x */ -2.0f, -0.0f, 0.0f, 3.0f, NAN, -INFINITY, 1e-30f,
              /* want */ -1.0f, 0.0f, 0.0f, 1.0f, NAN, -1.0f, 1.0f);
    IgTensor *i = I64(1, SHAPE(3), -5, 0, INT64_MAX), *s = ig_sign(NULL, i);
    cr_assert_eq(AT(int64_t, s, 0), -1);
    cr_assert_eq(AT(int64_t, s, 1), 0);
    cr_assert_eq(AT(int64_t, s, 2), 1);
    ig_release(i), ig_release(s);
}

Test(math, square_floats_and_int_wrap)
{
    CHECK_F32(ig_square, 6, /* x */ -3.0f, 0.5f, -0.0f, NAN, -INFINITY, 1e20f,
              /* want */ 9.0f, 0.25f, 0.0f, NAN, INFINITY, INFINITY);
    /* 65536^2 = 2^32 wraps to 0; 46341^2 = 2147488281 wraps to -2147479015. */
    IgTensor *i = I32(1, SHAPE(3), 65536, 46341, -7), *s = ig_square(NULL, i);
    cr_assert_eq(AT(int32_t, s, 0), 0);
    cr_assert_eq(AT(int32_t, s, 1), -2147479015);
    cr_assert_eq(AT(int32_t, s, 2), 49);
    IgTensor *l = I64(1, SHAPE(1), (int64_t)1 << 32), *sl = ig_square(NULL, l);
    cr_assert_eq(AT(int64_t, sl, 0), 0);
    ig_release(i), ig_release(s), ig_release(l), ig_release(sl);
}

Test(math, floor_and_ceil_keep_signed_zeros)
{
    CHECK_F32(ig_floor, 7, /* x */ -1.5f, -0.5f, 0.5f, 1.5f, -0.0f, NAN, -INFINITY,
              /* want */ -2.0f, -1.0f, 0.0f, 1.0f, -0.0f, NAN, -INFINITY);
    CHECK_F32(ig_ceil, 7, /* x */ -1.5f, -0.5f, 0.5f, 1.5f, -0.0f, NAN, INFINITY,
              /* want */ -1.0f, -0.0f, 1.0f, 2.0f, -0.0f, NAN, INFINITY);
}

Test(math, round_is_half_to_even)
{
    CHECK_F32(ig_round, 10,
              /* x */ 0.5f, 1.5f, 2.5f, -0.5f, -1.5f, -2.5f, 2.4f, 2.6f, NAN, -INFINITY,
              /* want */ 0.0f, 2.0f, 2.0f, -0.0f, -2.0f, -2.0f, 2.0f, 3.0f, NAN, -INFINITY);
    IgTensor *x = F64(1, SHAPE(3), 3.5, -3.5, 4.5), *r = ig_round(NULL, x);
    EXPECT_F64(r, 4.0, -4.0, 4.0);
    ig_release(x), ig_release(r);
}

Test(math, sqrt_and_rsqrt_are_ieee)
{
    CHECK_F32(ig_sqrt, 7, /* x */ 4.0f, 0.0f, -0.0f, -1.0f, INFINITY, NAN, 2.0f,
              /* want */ 2.0f, 0.0f, -0.0f, NAN, INFINITY, NAN, 1.41421354f);
    /* rsqrt(-0.0) = 1 / -0.0 = -inf, as TensorFlow's. */
    CHECK_F32(ig_rsqrt, 7, /* x */ 4.0f, 0.0f, -0.0f, -1.0f, INFINITY, NAN, 2.0f,
              /* want */ 0.5f, INFINITY, -INFINITY, NAN, 0.0f, NAN, 0.707106769f);
}

Test(math, exp_log_log1p_special_values)
{
    CHECK_F32(ig_exp, 7, /* x */ 0.0f, -0.0f, 1.0f, -INFINITY, INFINITY, NAN, 100.0f,
              /* want */ 1.0f, 1.0f, 2.71828175f, 0.0f, INFINITY, NAN, INFINITY);
    CHECK_F32(ig_log, 7, /* x */ 1.0f, 0.0f, -0.0f, -1.0f, INFINITY, NAN, 0.5f,
              /* want */ 0.0f, -INFINITY, -INFINITY, NAN, INFINITY, NAN, -0.693147182f);
    CHECK_F32(ig_log1p, 7, /* x */ 0.0f, -0.0f, -1.0f, -2.0f, 1e-10f, INFINITY, NAN,
              /* want */ 0.0f, -0.0f, -INFINITY, NAN, 1e-10f, INFINITY, NAN);
    IgTensor *x = F64(1, SHAPE(3), 1.0, 0.0, -3.0), *e = ig_exp(NULL, x), *l = ig_log(NULL, x);
    EXPECT_F64(e, exp(1.0), 1.0, exp(-3.0));
    EXPECT_F64(l, 0.0, -INFINITY, NAN);
    ig_release(x), ig_release(e), ig_release(l);
}

Test(math, tanh_and_sigmoid_saturate_without_overflow)
{
    CHECK_F32(ig_tanh, 7, /* x */ 0.0f, -0.0f, INFINITY, -INFINITY, 0.5f, NAN, 30.0f,
              /* want */ 0.0f, -0.0f, 1.0f, -1.0f, 0.462117165f, NAN, 1.0f);
    CHECK_F32(ig_sigmoid, 7, /* x */ 0.0f, 100.0f, INFINITY, -INFINITY, NAN, 1.0f, -1.0f,
              /* want */ 0.5f, 1.0f, 1.0f, 0.0f, NAN, 0.731058598f, 0.268941432f);
    /* exp(800) overflows a double: the naive 1/(1+exp(-x)) would still be fine at -800,
     * but e/(1+e) with e = exp(800) would be inf/inf = NaN. */
    IgTensor *x = F64(1, SHAPE(4), -800.0, 800.0, 0.0, -30.0), *s = ig_sigmoid(NULL, x);
    cr_assert_eq(s->size, 4);
    cr_assert(same_f(AT(double, s, 0), 0.0) && same_f(AT(double, s, 1), 1.0));
    cr_assert_eq(AT(double, s, 2), 0.5);
    double want = 9.3576229688392990e-14; /* 1 / (1 + e^30) */
    cr_assert(fabs(AT(double, s, 3) - want) <= 4e-16 * want, "got %.17g", AT(double, s, 3));
    ig_release(x), ig_release(s);
}

Test(math, keeps_shape_scalars_and_empty_tensors)
{
    IgTensor *m = F32(3, SHAPE(2, 1, 2), 1.0f, 4.0f, 9.0f, 16.0f), *r = ig_sqrt(NULL, m);
    cr_assert_eq(r->rank, 3);
    cr_assert_eq(r->shape[0], 2);
    cr_assert_eq(r->shape[1], 1);
    cr_assert_eq(r->shape[2], 2);
    EXPECT_F32(r, 1.0f, 2.0f, 3.0f, 4.0f);
    IgTensor *s = scalar_f64(-2.0), *a = ig_abs(NULL, s);
    cr_assert_eq(a->rank, 0);
    EXPECT_F64(a, 2.0);
    IgTensor *e = ig_tensor_new(IG_FLOAT32, 2, SHAPE(0, 3)), *ee = ig_exp(NULL, e);
    cr_assert_eq(ee->size, 0);
    cr_assert_eq(ee->rank, 2);
    cr_assert_eq(ee->shape[1], 3);
    ig_release(m), ig_release(r), ig_release(s), ig_release(a), ig_release(e), ig_release(ee);
}

/* The compiler never lets an integer reach floor: a runtime bug, reported as such. */
Test(math, rejects_unsupported_dtype, .signal = SIGABRT)
{
    IgTensor *x = I32(1, SHAPE(1), 1);
    ig_floor(NULL, x);
}

/* ---- Unary, the oneDNN path ---------------------------------------------------------------- */

#define BIG 100000 /* above IG_DNNL_MIN_ELEMENTS; each half is below it */
_Static_assert(BIG >= IG_DNNL_MIN_ELEMENTS && BIG / 2 < IG_DNNL_MIN_ELEMENTS, "BIG straddles");

/* Distance in float32 ulps (both finite, same sign or zero). */
static int64_t ulps(float a, float b)
{
    int32_t ia, ib;
    memcpy(&ia, &a, 4);
    memcpy(&ib, &b, 4);
    int64_t oa = ia < 0 ? (int64_t)INT32_MIN - ia : ia, ob = ib < 0 ? (int64_t)INT32_MIN - ib : ib;
    return oa > ob ? oa - ob : ob - oa;
}

/* A ramp over [lo, hi] with special values sprinkled in, BIG elements. */
static IgTensor *big_input(float lo, float hi)
{
    IgTensor *x = ig_tensor_new(IG_FLOAT32, 2, SHAPE(BIG / 100, 100));
    float *d = x->data;
    for (int i = 0; i < BIG; i++) d[i] = lo + (hi - lo) * (float)i / (float)(BIG - 1);
    const float special[] = {NAN, -NAN, INFINITY, -INFINITY, 0.0f, -0.0f, -86.5f, -87.2f, -1.0f};
    for (int k = 0; k < 9; k++) d[1000 + 7919 * k] = special[k];
    return x;
}

/* The op on x in one call (BIG elements: oneDNN where the op has it) against the op on
 * each half (loops), element by element within max_ulps. */
static void check_big(IgTensor *(*op)(IgSite *, const IgTensor *), float lo, float hi,
                      int64_t max_ulps, bool uses_dnnl)
{
    static IgSite site = IG_SITE("big.py", 1);
    IgTensor *x = big_input(lo, hi);
    long before = ig_prim_created_count();
    IgTensor *whole = op(&site, x);
    cr_assert_eq(ig_prim_created_count() - before, uses_dnnl ? 1 : 0, "oneDNN used: %d",
                 (int)uses_dnnl);
    for (int h = 0; h < 2; h++) {
        IgTensor *half = tensor_of(IG_FLOAT32, 1, SHAPE(BIG / 2), (float *)x->data + h * BIG / 2);
        IgTensor *part = op(NULL, half);
        for (int i = 0; i < BIG / 2; i++) {
            float got = AT(float, whole, h * BIG / 2 + i), want = AT(float, part, i);
            float in = AT(float, half, i);
            if (isnan(want) || isinf(want) || want == 0.0f)
                cr_assert(same_f(got, want), "x = %.9g: got %.9g, want %.9g", in, got, want);
            else
                cr_assert(ulps(got, want) <= max_ulps, "x = %.9g: got %.9g, want %.9g", in, got,
                          want);
        }
        ig_release(half), ig_release(part);
    }
    ig_release(x), ig_release(whole);
    ig_site_release(&site);
}

static bool has_avx2(void)
{
    return (dnnl_get_effective_cpu_isa() & dnnl_cpu_isa_avx2) == dnnl_cpu_isa_avx2;
}

Test(math_dnnl, exact_ops_agree_with_the_loops)
{
    check_big(ig_abs, -1e6f, 1e6f, 0, true);
    check_big(ig_square, -1e20f, 1e20f, 0, true);
    check_big(ig_round, -1000.0f, 1000.0f, 0, true);
    check_big(ig_sqrt, -10.0f, 1e6f, 0, true);
}

Test(math_dnnl, transcendental_ops_agree_within_a_few_ulps)
{
    check_big(ig_tanh, -12.0f, 12.0f, 1, true);
    /* The exp-based ones: within 5 ulp on AVX2 (their only oneDNN path), NaN and the
     * flushed tail below e^-86.9 recomputed. */
    check_big(ig_exp, -90.0f, 89.0f, 5, has_avx2());
    check_big(ig_sigmoid, -90.0f, 90.0f, 5, has_avx2());
}

Test(math_dnnl, inexact_ops_stay_loops)
{
    check_big(ig_log, -1.0f, 1e4f, 0, false);
    check_big(ig_rsqrt, -1.0f, 1e4f, 0, false);
    check_big(ig_log1p, -2.0f, 1e4f, 0, false);
    check_big(ig_sign, -1.0f, 1.0f, 0, false);
    check_big(ig_floor, -1e3f, 1e3f, 0, false);
}

Test(math_dnnl, caches_the_primitive_per_site)
{
    static IgSite site = IG_SITE("cache.py", 2);
    IgTensor *x = big_input(-5.0f, 5.0f);
    long before = ig_prim_created_count();
    IgTensor *a = ig_tanh(&site, x), *b = ig_tanh(&site, x);
    cr_assert_eq(ig_prim_created_count() - before, 1);
    cr_assert_eq(memcmp(a->data, b->data, BIG * sizeof(float)), 0);
    /* Another shape of the same size reuses it; another size makes a new one. */
    IgTensor *flat = tensor_of(IG_FLOAT32, 1, SHAPE(BIG), x->data);
    IgTensor *c = ig_tanh(&site, flat);
    cr_assert_eq(ig_prim_created_count() - before, 1);
    cr_assert_eq(c->rank, 1);
    IgTensor *longer = ig_tensor_new(IG_FLOAT32, 1, SHAPE(BIG + 1));
    memset(longer->data, 0, (BIG + 1) * sizeof(float));
    IgTensor *d = ig_tanh(&site, longer);
    cr_assert_eq(ig_prim_created_count() - before, 2);
    cr_assert_eq(AT(float, d, BIG), 0.0f);
    /* A NULL site works, and makes a primitive per call. */
    IgTensor *e = ig_tanh(NULL, x), *f = ig_tanh(NULL, x);
    cr_assert_eq(ig_prim_created_count() - before, 4);
    cr_assert_eq(memcmp(e->data, a->data, BIG * sizeof(float)), 0);
    ig_release(x), ig_release(a), ig_release(b), ig_release(flat), ig_release(c);
    ig_release(longer), ig_release(d), ig_release(e), ig_release(f);
    ig_site_release(&site);
}

/* ---- maximum, minimum ---------------------------------------------------------------- */
Test(math, maximum_minimum_propagate_nan_from_either_side)
{
    IgTensor *a = F32(1, SHAPE(4), 1.0f, NAN, 3.0f, -INFINITY);
    IgTensor *b = F32(1, SHAPE(4), 2.0f, 1.0f, NAN, 5.0f);
    IgTensor *mx = ig_maximum(NULL, a, b), *mn = ig_minimum(NULL, a, b);
    EXPECT_F32(mx, 2.0f, NAN, NAN, 5.0f);
    EXPECT_F32(mn, 1.0f, NAN, NAN, -INFINITY);
    ig_release(a), ig_release(b), ig_release(mx), ig_release(mn);
}

Test(math, maximum_minimum_broadcast_ints)
{
    IgTensor *a = I32(2, SHAPE(2, 1), 5, -5), *b = I32(1, SHAPE(3), INT32_MIN, 0, INT32_MAX);
    IgTensor *mx = ig_maximum(NULL, a, b), *mn = ig_minimum(NULL, b, a);
    cr_assert_eq(mx->rank, 2);
    cr_assert_eq(mx->shape[0], 2);
    cr_assert_eq(mx->shape[1], 3);
    const int32_t want_max[] = {5, 5, INT32_MAX, -5, 0, INT32_MAX};
    const int32_t want_min[] = {INT32_MIN, 0, 5, INT32_MIN, -5, -5};
    for (int i = 0; i < 6; i++) {
        cr_assert_eq(AT(int32_t, mx, i), want_max[i], "max at %d", i);
        cr_assert_eq(AT(int32_t, mn, i), want_min[i], "min at %d", i);
    }
    IgTensor *s = scalar_f64(0.0), *v = F64(1, SHAPE(3), -1.0, NAN, 2.0);
    IgTensor *relu = ig_maximum(NULL, v, s);
    EXPECT_F64(relu, 0.0, NAN, 2.0);
    IgTensor *l = I64(1, SHAPE(2), INT64_MIN, 7), *ls = scalar_i64(0);
    IgTensor *lm = ig_minimum(NULL, ls, l);
    cr_assert_eq(AT(int64_t, lm, 0), INT64_MIN);
    cr_assert_eq(AT(int64_t, lm, 1), 0);
    ig_release(a), ig_release(b), ig_release(mx), ig_release(mn);
    ig_release(s), ig_release(v), ig_release(relu), ig_release(l), ig_release(ls), ig_release(lm);
}

Test(math, maximum_of_empty_tensors)
{
    IgTensor *a = ig_tensor_new(IG_FLOAT32, 2, SHAPE(0, 3));
    IgTensor *b = F32(1, SHAPE(3), 1.0f, 2.0f, 3.0f);
    IgTensor *m = ig_maximum(NULL, a, b);
    cr_assert_eq(m->size, 0);
    cr_assert_eq(m->shape[0], 0);
    cr_assert_eq(m->shape[1], 3);
    ig_release(a), ig_release(b), ig_release(m);
}

Test(math, maximum_rejects_mismatched_shapes, .exit_code = 1)
{
    static IgSite site = IG_SITE("clip.py", 3);
    IgTensor *a = F32(1, SHAPE(2), 1.0f, 2.0f), *b = F32(1, SHAPE(3), 1.0f, 2.0f, 3.0f);
    expect_fatal("clip.py:3: error: maximum: shapes [2] and [3] cannot be broadcast\n");
    ig_maximum(&site, a, b);
}

/* ---- tf.where ------------------------------------------------------------------------------ */
Test(where, selects_with_three_way_broadcasting)
{
    IgTensor *c = BOOLS(2, SHAPE(2, 1), 1, 0);
    IgTensor *x = F32(1, SHAPE(3), 1.0f, 2.0f, 3.0f), *y = scalar_f32(-1.0f);
    IgTensor *s = ig_select(NULL, c, x, y);
    cr_assert_eq(s->rank, 2);
    cr_assert_eq(s->shape[0], 2);
    cr_assert_eq(s->shape[1], 3);
    EXPECT_F32(s, 1.0f, 2.0f, 3.0f, -1.0f, -1.0f, -1.0f);
    /* cond the smallest: [3] against x [2,3] and y [2,1]. */
    IgTensor *c2 = BOOLS(1, SHAPE(3), 0, 2, 0); /* any nonzero byte is true */
    IgTensor *x2 = I64(2, SHAPE(2, 3), 1, 2, 3, 4, 5, 6), *y2 = I64(2, SHAPE(2, 1), -1, -2);
    IgTensor *s2 = ig_select(NULL, c2, x2, y2);
    const int64_t want[] = {-1, 2, -1, -2, 5, -2};
    for (int i = 0; i < 6; i++) cr_assert_eq(AT(int64_t, s2, i), want[i], "at %d", i);
    ig_release(c), ig_release(x), ig_release(y), ig_release(s);
    ig_release(c2), ig_release(x2), ig_release(y2), ig_release(s2);
}

Test(where, selects_every_dtype_and_scalars)
{
    IgTensor *t = BOOLS(0, NULL, 1), *f = BOOLS(0, NULL, 0);
    IgTensor *a = scalar_f64(-0.0), *b = scalar_f64(NAN);
    IgTensor *s1 = ig_select(NULL, t, a, b), *s2 = ig_select(NULL, f, a, b);
    cr_assert_eq(s1->rank, 0);
    EXPECT_F64(s1, -0.0);
    EXPECT_F64(s2, NAN);
    IgTensor *bx = BOOLS(1, SHAPE(2), 1, 1), *by = BOOLS(1, SHAPE(2), 0, 0);
    IgTensor *c = BOOLS(1, SHAPE(2), 0, 1), *sb = ig_select(NULL, c, bx, by);
    cr_assert_eq(sb->dtype, IG_BOOL);
    cr_assert_eq(AT(uint8_t, sb, 0), 0);
    cr_assert_eq(AT(uint8_t, sb, 1), 1);
    IgTensor *ix = I32(1, SHAPE(2), 7, 8), *iy = scalar_i32(0), *si = ig_select(NULL, c, ix, iy);
    cr_assert_eq(AT(int32_t, si, 0), 0);
    cr_assert_eq(AT(int32_t, si, 1), 8);
    IgTensor *e = ig_tensor_new(IG_BOOL, 1, SHAPE(0)), *se = ig_select(NULL, e, a, b);
    cr_assert_eq(se->size, 0);
    cr_assert_eq(se->rank, 1);
    ig_release(t), ig_release(f), ig_release(a), ig_release(b), ig_release(s1), ig_release(s2);
    ig_release(bx), ig_release(by), ig_release(c), ig_release(sb);
    ig_release(ix), ig_release(iy), ig_release(si), ig_release(e), ig_release(se);
}

/* Large enough to run on several threads: every row must still find its inputs. */
Test(where, large_broadcast_matches_a_direct_computation)
{
    enum { R = 300, C = 257 };
    IgTensor *c = ig_tensor_new(IG_BOOL, 2, SHAPE(R, 1)), *x = ig_tensor_new(IG_INT32, 1, SHAPE(C));
    IgTensor *y = ig_tensor_new(IG_INT32, 2, SHAPE(R, C));
    for (int r = 0; r < R; r++) ((uint8_t *)c->data)[r] = (uint8_t)(r % 3 == 0);
    for (int j = 0; j < C; j++) ((int32_t *)x->data)[j] = j;
    for (int i = 0; i < R * C; i++) ((int32_t *)y->data)[i] = -i;
    IgTensor *s = ig_select(NULL, c, x, y);
    for (int r = 0; r < R; r++)
        for (int j = 0; j < C; j++)
            cr_assert_eq(AT(int32_t, s, r * C + j), r % 3 == 0 ? j : -(r * C + j), "at %d,%d",
                         r, j);
    ig_release(c), ig_release(x), ig_release(y), ig_release(s);
}

Test(where, select_rejects_shapes_that_do_not_broadcast, .exit_code = 1)
{
    static IgSite site = IG_SITE("pick.py", 8);
    IgTensor *c = BOOLS(1, SHAPE(2), 1, 0), *x = F32(1, SHAPE(3), 1.0f, 2.0f, 3.0f);
    IgTensor *y = scalar_f32(0.0f);
    expect_fatal("pick.py:8: error: condition [2], then [3], and else [] must be broadcastable\n");
    ig_select(&site, c, x, y);
}

Test(where, indices_of_true_elements_in_row_major_order)
{
    IgTensor *c = BOOLS(2, SHAPE(2, 3), 0, 1, 0, 1, 0, 3);
    IgTensor *w = ig_where_indices(NULL, c);
    cr_assert_eq(w->dtype, IG_INT64);
    cr_assert_eq(w->rank, 2);
    cr_assert_eq(w->shape[0], 3);
    cr_assert_eq(w->shape[1], 2);
    const int64_t want[] = {0, 1, 1, 0, 1, 2};
    for (int i = 0; i < 6; i++) cr_assert_eq(AT(int64_t, w, i), want[i], "at %d", i);
    ig_release(c), ig_release(w);
}

Test(where, indices_of_scalars_and_empty_tensors)
{
    IgTensor *t = BOOLS(0, NULL, 1), *wt = ig_where_indices(NULL, t);
    cr_assert_eq(wt->shape[0], 1);
    cr_assert_eq(wt->shape[1], 0);
    IgTensor *f = BOOLS(1, SHAPE(3), 0, 0, 0), *wf = ig_where_indices(NULL, f);
    cr_assert_eq(wf->shape[0], 0);
    cr_assert_eq(wf->shape[1], 1);
    IgTensor *e = ig_tensor_new(IG_BOOL, 3, SHAPE(2, 0, 4)), *we = ig_where_indices(NULL, e);
    cr_assert_eq(we->shape[0], 0);
    cr_assert_eq(we->shape[1], 3);
    ig_release(t), ig_release(wt), ig_release(f), ig_release(wf), ig_release(e), ig_release(we);
}
