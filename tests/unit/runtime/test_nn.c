/* test_nn.c — the neural-network kernels (conv2d, pools, softmax, batch_norm, sparse
 * softmax cross-entropy) against naive loops written here from TensorFlow's
 * definitions, on both dtypes (float32: oneDNN; float64: the runtime's loops), their
 * run-time errors in TensorFlow's words, and the per-site primitive cache. */
#include <math.h>

#include "rt_test.h"

TestSuite(conv2d, .fini = ig_runtime_shutdown);
TestSuite(pool, .fini = ig_runtime_shutdown);
TestSuite(softmax, .fini = ig_runtime_shutdown);
TestSuite(batch_norm, .fini = ig_runtime_shutdown);
TestSuite(xent, .fini = ig_runtime_shutdown);
TestSuite(nn_cache, .fini = ig_runtime_shutdown);

/* ---- helpers ------------------------------------------------------------------------ */
static unsigned rng_state = 1;

/* Values in [-2, 2] on a 1/64 grid: exact in float, varied enough to catch index bugs. */
static double rng_next(void)
{
    rng_state = rng_state * 1103515245u + 12345u;
    return (double)((rng_state >> 16) % 257) / 64.0 - 2.0;
}

static IgTensor *random_tensor(IgDType dt, int rank, const int64_t *shape)
{
    IgTensor *t = ig_tensor_new(dt, rank, shape);
    for (int64_t i = 0; i < t->size; i++) {
        double v = rng_next();
        if (dt == IG_FLOAT32)
            ((float *)t->data)[i] = (float)v;
        else
            ((double *)t->data)[i] = v;
    }
    return t;
}

static double elem(const IgTensor *t, int64_t i)
{
    return t->dtype == IG_FLOAT32 ? AT(float, t, i) : AT(double, t, i);
}

static void assert_shape(const IgTensor *t, int rank, const int64_t *shape)
{
    cr_assert_eq(t->rank, rank);
    for (int i = 0; i < rank; i++)
        cr_assert_eq(t->shape[i], shape[i], "dim %d: %lld vs %lld", i, (long long)t->shape[i],
                     (long long)shape[i]);
}

static void assert_close(const IgTensor *got, const double *want, int64_t n, double tol,
                         const char *what)
{
    cr_assert_eq(got->size, n, "%s: size %lld vs %lld", what, (long long)got->size, (long long)n);
    for (int64_t i = 0; i < n; i++) {
        double g = elem(got, i);
        cr_assert(fabs(g - want[i]) <= tol * (1 + fabs(want[i])),
                  "%s (%s) at %lld: %.9g vs %.9g", what, ig_dtype_name(got->dtype),
                  (long long)i, g, want[i]);
    }
}

/* The spec, independent of the runtime's code: SAME keeps ceil(in / stride) outputs
 * and pads max((out-1)*stride + (k-1)*dilation + 1 - in, 0) cells, the extra one
 * after; VALID keeps ceil((in - (k-1)*dilation) / stride). */
static void ref_window(int64_t in, int64_t k, int64_t s, int64_t d, bool same, int64_t *out,
                       int64_t *pad)
{
    int64_t eff = (k - 1) * d + 1;
    if (same) {
        *out = (in + s - 1) / s;
        int64_t total = (*out - 1) * s + eff - in;
        *pad = total > 0 ? total / 2 : 0;
    } else {
        *out = in >= eff ? (in - eff) / s + 1 : 0;
        *pad = 0;
    }
}

/* ---- conv2d ------------------------------------------------------------------------- */
typedef struct ConvCase {
    int64_t n, h, w, c, kh, kw, ci, o;
    int sh, sw, dh, dw;
    bool same;
} ConvCase;

static void check_conv(IgDType dt, const ConvCase *k)
{
    IgTensor *x = random_tensor(dt, 4, SHAPE(k->n, k->h, k->w, k->c));
    IgTensor *f = random_tensor(dt, 4, SHAPE(k->kh, k->kw, k->ci, k->o));
    static IgSite site = IG_SITE("conv.py", 3);
    IgTensor *y = ig_conv2d(&site, x, f, k->sh, k->sw, k->dh, k->dw, k->same);
    int64_t oh, ow, pt, pl;
    ref_window(k->h, k->kh, k->sh, k->dh, k->same, &oh, &pt);
    ref_window(k->w, k->kw, k->sw, k->dw, k->same, &ow, &pl);
    assert_shape(y, 4, SHAPE(k->n, oh, ow, k->o));
    cr_assert_eq(y->dtype, dt);
    int64_t total = k->n * oh * ow * k->o, groups = k->c / k->ci, og = k->o / groups;
    double *want = calloc((size_t)total + 1, sizeof *want);
    for (int64_t b = 0; b < k->n; b++)
        for (int64_t oy = 0; oy < oh; oy++)
            for (int64_t ox = 0; ox < ow; ox++)
                for (int64_t o = 0; o < k->o; o++) {
                    double sum = 0;
                    for (int64_t ky = 0; ky < k->kh; ky++)
                        for (int64_t kx = 0; kx < k->kw; kx++)
                            for (int64_t i = 0; i < k->ci; i++) {
                                int64_t iy = oy * k->sh + ky * k->dh - pt;
                                int64_t ix = ox * k->sw + kx * k->dw - pl;
                                if (iy < 0 || iy >= k->h || ix < 0 || ix >= k->w) continue;
                                int64_t ic = (o / og) * k->ci + i;
                                sum += elem(x, ((b * k->h + iy) * k->w + ix) * k->c + ic) *
                                       elem(f, ((ky * k->kw + kx) * k->ci + i) * k->o + o);
                            }
                    want[((b * oh + oy) * ow + ox) * k->o + o] = sum;
                }
    char what[160];
    snprintf(what, sizeof what,
             "conv x[%lld,%lld,%lld,%lld] f[%lld,%lld,%lld,%lld] s%d,%d d%d,%d %s",
             (long long)k->n, (long long)k->h, (long long)k->w, (long long)k->c,
             (long long)k->kh, (long long)k->kw, (long long)k->ci, (long long)k->o, k->sh,
             k->sw, k->dh, k->dw, k->same ? "SAME" : "VALID");
    assert_close(y, want, total, dt == IG_FLOAT32 ? 1e-5 : 1e-13, what);
    free(want);
    ig_release(x), ig_release(f), ig_release(y);
}

static const ConvCase conv_cases[] = {
    {1, 5, 5, 1, 3, 3, 1, 1, 1, 1, 1, 1, true},
    {3, 7, 6, 5, 3, 3, 5, 4, 2, 2, 1, 1, true},  /* odd/even sizes: pads 1+1 and 0+1 */
    {3, 8, 7, 5, 2, 2, 5, 3, 2, 2, 1, 1, true},  /* pad 0 rows, 0+1 columns */
    {1, 6, 6, 1, 4, 4, 1, 2, 1, 1, 1, 1, true},  /* even kernel: pads 1+2 */
    {1, 9, 9, 3, 3, 3, 3, 2, 1, 1, 2, 2, true},  /* dilation 2 */
    {3, 9, 8, 5, 3, 2, 5, 3, 1, 1, 2, 2, false},
    {3, 7, 7, 5, 3, 3, 5, 5, 2, 2, 1, 1, false},
    {1, 8, 9, 5, 2, 3, 5, 4, 1, 2, 2, 1, true},  /* mixed strides and dilations */
    {3, 10, 9, 1, 3, 3, 1, 5, 2, 2, 2, 2, true}, /* stride and dilation 2 together */
    {2, 6, 5, 4, 3, 3, 2, 6, 1, 1, 1, 1, true},  /* 2 groups, as TensorFlow's CPU kernel */
    {1, 5, 5, 6, 1, 1, 2, 3, 1, 1, 1, 1, false}, /* 3 groups, 1x1 */
    {2, 20, 20, 5, 3, 3, 5, 8, 1, 1, 1, 1, true}, /* big enough for the threaded f64 loop */
};

Test(conv2d, matches_naive_loop_float32)
{
    rng_state = 7;
    for (size_t i = 0; i < sizeof conv_cases / sizeof conv_cases[0]; i++)
        check_conv(IG_FLOAT32, &conv_cases[i]);
}

Test(conv2d, matches_naive_loop_float64)
{
    rng_state = 8;
    for (size_t i = 0; i < sizeof conv_cases / sizeof conv_cases[0]; i++)
        check_conv(IG_FLOAT64, &conv_cases[i]);
}

/* ig_conv2d_bias is act(conv2d + bias) as the three ops compute it: float32 with the
 * bias inside the convolution primitive, float64 through the ops; relu gives +0. */
static void check_conv_bias(IgDType dt, const ConvCase *k, IgActivation act)
{
    static IgSite fused_site = IG_SITE("conv.py", 4), site = IG_SITE("conv.py", 5);
    IgTensor *x = random_tensor(dt, 4, SHAPE(k->n, k->h, k->w, k->c));
    IgTensor *f = random_tensor(dt, 4, SHAPE(k->kh, k->kw, k->ci, k->o));
    IgTensor *bias = random_tensor(dt, 1, SHAPE(k->o));
    IgTensor *got = ig_conv2d_bias(&fused_site, x, f, bias, k->sh, k->sw, k->dh, k->dw, k->same,
                                   act);
    IgTensor *y = ig_conv2d(&site, x, f, k->sh, k->sw, k->dh, k->dw, k->same);
    IgTensor *sum = ig_add(&site, y, bias);
    IgTensor *want = act == IG_ACT_RELU      ? ig_relu(&site, sum)
                     : act == IG_ACT_SIGMOID ? ig_sigmoid(&site, sum)
                     : act == IG_ACT_TANH    ? ig_tanh(&site, sum)
                                             : sum;
    cr_assert(ig_shape_equal(got->rank, got->shape, want->rank, want->shape));
    for (int64_t i = 0; i < want->size; i++) {
        double g = elem(got, i), w = elem(want, i);
        cr_assert(fabs(g - w) <= 1e-5 * (1 + fabs(w)), "act=%d at %lld: %g vs %g", act,
                  (long long)i, g, w);
        if (act == IG_ACT_RELU)
            cr_assert(!(g == 0 && signbit(g)), "relu gave -0 at %lld", (long long)i);
    }
    if (want != sum) ig_release(want);
    ig_release(x), ig_release(f), ig_release(bias), ig_release(got), ig_release(y);
    ig_release(sum);
}

Test(conv2d, bias_and_activation_as_the_three_ops)
{
    rng_state = 9;
    for (int act = IG_ACT_NONE; act <= IG_ACT_TANH; act++)
        for (size_t i = 0; i < sizeof conv_cases / sizeof conv_cases[0]; i++) {
            check_conv_bias(IG_FLOAT32, &conv_cases[i], act);
            check_conv_bias(IG_FLOAT64, &conv_cases[i], act);
        }
}

Test(conv2d, known_values_same_padding)
{
    /* 3x3 ones over a 2x2 image: every SAME window holds all four pixels. */
    IgTensor *x = F32(4, SHAPE(1, 2, 2, 1), 1, 2, 3, 4);
    IgTensor *f = ig_fill(NULL, IG_FLOAT32, 4, SHAPE(3, 3, 1, 1), 1.0);
    IgTensor *y = ig_conv2d(NULL, x, f, 1, 1, 1, 1, true);
    assert_shape(y, 4, SHAPE(1, 2, 2, 1));
    for (int i = 0; i < 4; i++) cr_assert_eq(AT(float, y, i), 10.0f);
    ig_release(x), ig_release(f), ig_release(y);
}

/* VALID with a window a bit wider than the input: TensorFlow's size is 0, not an error. */
Test(conv2d, valid_window_past_input_is_empty)
{
    IgTensor *x = ig_fill(NULL, IG_FLOAT32, 4, SHAPE(1, 2, 2, 1), 1.0);
    IgTensor *f = ig_fill(NULL, IG_FLOAT32, 4, SHAPE(3, 3, 1, 2), 1.0);
    IgTensor *y = ig_conv2d(NULL, x, f, 1, 1, 1, 1, false);
    assert_shape(y, 4, SHAPE(1, 0, 0, 2));
    ig_release(y);
    IgTensor *x64 = ig_fill(NULL, IG_FLOAT64, 4, SHAPE(0, 4, 4, 1), 1.0);
    IgTensor *f64 = ig_fill(NULL, IG_FLOAT64, 4, SHAPE(3, 3, 1, 2), 1.0);
    y = ig_conv2d(NULL, x64, f64, 1, 1, 1, 1, true);
    assert_shape(y, 4, SHAPE(0, 4, 4, 2));
    ig_release(x), ig_release(f), ig_release(y), ig_release(x64), ig_release(f64);
}

Test(conv2d, negative_output_size_is_an_error, .exit_code = 1)
{
    static IgSite site = IG_SITE("conv.py", 12);
    IgTensor *x = ig_fill(NULL, IG_FLOAT32, 4, SHAPE(1, 2, 2, 1), 1.0);
    IgTensor *f = ig_fill(NULL, IG_FLOAT32, 4, SHAPE(4, 4, 1, 1), 1.0);
    expect_fatal("conv.py:12: error: Computed output size would be negative: -1 [input_size: "
                 "2, effective_filter_size: 4, stride: 1]\n");
    ig_conv2d(&site, x, f, 1, 1, 1, 1, false);
}

Test(conv2d, channel_mismatch_names_both_shapes, .exit_code = 1)
{
    static IgSite site = IG_SITE("conv.py", 14);
    IgTensor *x = ig_fill(NULL, IG_FLOAT32, 4, SHAPE(1, 5, 5, 3), 1.0);
    IgTensor *f = ig_fill(NULL, IG_FLOAT32, 4, SHAPE(3, 3, 2, 4), 1.0);
    expect_fatal("conv.py:14: error: input depth must be evenly divisible by filter depth: 3 "
                 "vs 2 (input shape [1,5,5,3], filter shape [3,3,2,4])\n");
    ig_conv2d(&site, x, f, 1, 1, 1, 1, true);
}

Test(conv2d, groups_must_divide_output_depth, .exit_code = 1)
{
    static IgSite site = IG_SITE("conv.py", 15);
    IgTensor *x = ig_fill(NULL, IG_FLOAT64, 4, SHAPE(1, 5, 5, 4), 1.0);
    IgTensor *f = ig_fill(NULL, IG_FLOAT64, 4, SHAPE(3, 3, 2, 3), 1.0);
    expect_fatal("conv.py:15: error: output depth must be evenly divisible by number of groups: "
                 "3 vs 2 (input shape [1,5,5,4], filter shape [3,3,2,3])\n");
    ig_conv2d(&site, x, f, 1, 1, 1, 1, true);
}

Test(conv2d, empty_filter_is_an_error, .exit_code = 1)
{
    static IgSite site = IG_SITE("conv.py", 16);
    IgTensor *x = ig_fill(NULL, IG_FLOAT32, 4, SHAPE(1, 5, 5, 1), 1.0);
    IgTensor *f = ig_fill(NULL, IG_FLOAT32, 4, SHAPE(3, 3, 1, 0), 1.0);
    expect_fatal("conv.py:16: error: filter must not have zero elements (i.e. all dimensions "
                 "must be non-zero), got filter shape [3,3,1,0]\n");
    ig_conv2d(&site, x, f, 1, 1, 1, 1, true);
}

/* ---- pooling -------------------------------------------------------------------------- */
typedef struct PoolCase {
    int64_t n, h, w, c;
    int kh, kw, sh, sw;
    bool same;
} PoolCase;

static void check_pool(IgDType dt, bool max, const PoolCase *k)
{
    IgTensor *x = random_tensor(dt, 4, SHAPE(k->n, k->h, k->w, k->c));
    static IgSite site = IG_SITE("pool.py", 5);
    IgTensor *y = max ? ig_max_pool2d(&site, x, k->kh, k->kw, k->sh, k->sw, k->same)
                      : ig_avg_pool2d(&site, x, k->kh, k->kw, k->sh, k->sw, k->same);
    int64_t oh, ow, pt, pl;
    ref_window(k->h, k->kh, k->sh, 1, k->same, &oh, &pt);
    ref_window(k->w, k->kw, k->sw, 1, k->same, &ow, &pl);
    assert_shape(y, 4, SHAPE(k->n, oh, ow, k->c));
    int64_t total = k->n * oh * ow * k->c;
    double *want = calloc((size_t)total + 1, sizeof *want);
    for (int64_t b = 0; b < k->n; b++)
        for (int64_t oy = 0; oy < oh; oy++)
            for (int64_t ox = 0; ox < ow; ox++)
                for (int64_t ch = 0; ch < k->c; ch++) {
                    double acc = max ? -INFINITY : 0;
                    int count = 0;
                    for (int ky = 0; ky < k->kh; ky++)
                        for (int kx = 0; kx < k->kw; kx++) {
                            int64_t iy = oy * k->sh + ky - pt, ix = ox * k->sw + kx - pl;
                            if (iy < 0 || iy >= k->h || ix < 0 || ix >= k->w) continue;
                            double v = elem(x, ((b * k->h + iy) * k->w + ix) * k->c + ch);
                            acc = max ? fmax(acc, v) : acc + v;
                            count++;
                        }
                    want[((b * oh + oy) * ow + ox) * k->c + ch] = max ? acc : acc / count;
                }
    char what[128];
    snprintf(what, sizeof what, "%s x[%lld,%lld,%lld,%lld] k%d,%d s%d,%d %s",
             max ? "max_pool" : "avg_pool", (long long)k->n, (long long)k->h, (long long)k->w,
             (long long)k->c, k->kh, k->kw, k->sh, k->sw, k->same ? "SAME" : "VALID");
    assert_close(y, want, total, dt == IG_FLOAT32 ? 1e-6 : 1e-14, what);
    free(want);
    ig_release(x), ig_release(y);
}

static const PoolCase pool_cases[] = {
    {1, 4, 4, 1, 2, 2, 2, 2, false},
    {3, 5, 7, 5, 2, 2, 2, 2, true},  /* odd sizes: the padding cell goes after */
    {3, 7, 6, 5, 3, 3, 2, 2, true},
    {1, 6, 6, 1, 4, 4, 1, 1, true},  /* pads 1 before, 2 after */
    {3, 7, 7, 5, 3, 3, 2, 2, false},
    {1, 5, 5, 5, 3, 2, 1, 2, true},
    {3, 9, 8, 1, 3, 3, 3, 3, true},
    {2, 3, 3, 5, 5, 5, 1, 1, true},  /* window bigger than the input */
};

Test(pool, matches_naive_loop_float32)
{
    rng_state = 9;
    for (size_t i = 0; i < sizeof pool_cases / sizeof pool_cases[0]; i++) {
        check_pool(IG_FLOAT32, true, &pool_cases[i]);
        check_pool(IG_FLOAT32, false, &pool_cases[i]);
    }
}

Test(pool, matches_naive_loop_float64)
{
    rng_state = 10;
    for (size_t i = 0; i < sizeof pool_cases / sizeof pool_cases[0]; i++) {
        check_pool(IG_FLOAT64, true, &pool_cases[i]);
        check_pool(IG_FLOAT64, false, &pool_cases[i]);
    }
}

/* Negative inputs next to the padding: a max over zero padding would give 0 there. */
Test(pool, padding_never_wins_nor_counts)
{
    for (int dt = 0; dt < 2; dt++) {
        IgTensor *x = dt ? F64(4, SHAPE(1, 1, 3, 1), -1, -2, -3)
                         : F32(4, SHAPE(1, 1, 3, 1), -1, -2, -3);
        IgTensor *mx = ig_max_pool2d(NULL, x, 1, 2, 1, 2, true);
        IgTensor *av = ig_avg_pool2d(NULL, x, 1, 2, 1, 2, true);
        assert_shape(mx, 4, SHAPE(1, 1, 2, 1));
        cr_assert_eq(elem(mx, 0), -1.0);
        cr_assert_eq(elem(mx, 1), -3.0);
        cr_assert_eq(elem(av, 0), -1.5);
        cr_assert_eq(elem(av, 1), -3.0);
        ig_release(x), ig_release(mx), ig_release(av);
    }
}

/* Both dtypes agree with oneDNN's max pooling: a NaN in a window never wins. */
Test(pool, max_skips_nan)
{
    for (int dt = 0; dt < 2; dt++) {
        IgTensor *x = dt ? F64(4, SHAPE(1, 1, 4, 1), NAN, 1, -2, NAN)
                         : F32(4, SHAPE(1, 1, 4, 1), NAN, 1, -2, NAN);
        IgTensor *y = ig_max_pool2d(NULL, x, 1, 2, 1, 2, false);
        cr_assert_eq(elem(y, 0), 1.0);
        cr_assert_eq(elem(y, 1), -2.0);
        ig_release(x), ig_release(y);
    }
}

Test(pool, valid_window_past_input_is_empty)
{
    IgTensor *x = ig_fill(NULL, IG_FLOAT32, 4, SHAPE(2, 2, 2, 3), 1.0);
    IgTensor *y = ig_max_pool2d(NULL, x, 3, 3, 1, 1, false);
    assert_shape(y, 4, SHAPE(2, 0, 0, 3));
    ig_release(x), ig_release(y);
}

Test(pool, negative_output_size_is_an_error, .exit_code = 1)
{
    static IgSite site = IG_SITE("pool.py", 8);
    IgTensor *x = ig_fill(NULL, IG_FLOAT64, 4, SHAPE(1, 5, 2, 1), 1.0);
    expect_fatal("pool.py:8: error: Computed output size would be negative: -2 [input_size: 2, "
                 "effective_filter_size: 5, stride: 1]\n");
    ig_avg_pool2d(&site, x, 5, 5, 1, 1, false);
}

/* ---- softmax ---------------------------------------------------------------------- */
static void check_softmax(IgDType dt, bool is_log, int rank, const int64_t *shape, int axis)
{
    IgTensor *x = random_tensor(dt, rank, shape);
    for (int64_t i = 0; i < x->size; i += 3) /* large logits must not overflow exp */
        if (dt == IG_FLOAT32) ((float *)x->data)[i] *= 100.0f;
        else ((double *)x->data)[i] *= 100.0;
    static IgSite site = IG_SITE("softmax.py", 2);
    IgTensor *y = is_log ? ig_log_softmax(&site, x, axis) : ig_softmax(&site, x, axis);
    assert_shape(y, rank, shape);
    int64_t outer = 1, inner = 1, len = shape[axis];
    for (int d = 0; d < axis; d++) outer *= shape[d];
    for (int d = axis + 1; d < rank; d++) inner *= shape[d];
    double *want = calloc((size_t)x->size, sizeof *want);
    for (int64_t o = 0; o < outer; o++)
        for (int64_t in = 0; in < inner; in++) {
            double m = -INFINITY, sum = 0;
            for (int64_t i = 0; i < len; i++) m = fmax(m, elem(x, (o * len + i) * inner + in));
            for (int64_t i = 0; i < len; i++) sum += exp(elem(x, (o * len + i) * inner + in) - m);
            for (int64_t i = 0; i < len; i++) {
                int64_t at = (o * len + i) * inner + in;
                double sh = elem(x, at) - m;
                want[at] = is_log ? sh - log(sum) : exp(sh) / sum;
            }
        }
    char what[64];
    snprintf(what, sizeof what, "%s rank %d axis %d", is_log ? "log_softmax" : "softmax", rank,
             axis);
    assert_close(y, want, x->size, dt == IG_FLOAT32 ? 1e-5 : 1e-13, what);
    free(want);
    ig_release(x), ig_release(y);
}

Test(softmax, matches_naive_loop_every_axis)
{
    rng_state = 11;
    const IgDType dts[] = {IG_FLOAT32, IG_FLOAT64};
    for (int d = 0; d < 2; d++)
        for (int is_log = 0; is_log < 2; is_log++) {
            check_softmax(dts[d], is_log, 2, SHAPE(4, 7), 0);
            check_softmax(dts[d], is_log, 2, SHAPE(4, 7), 1);
            check_softmax(dts[d], is_log, 3, SHAPE(2, 3, 5), 0);
            check_softmax(dts[d], is_log, 3, SHAPE(2, 3, 5), 1);
            check_softmax(dts[d], is_log, 3, SHAPE(2, 3, 5), 2);
            check_softmax(dts[d], is_log, 1, SHAPE(9), 0);
            check_softmax(dts[d], is_log, 2, SHAPE(1, 1), 1);
        }
}

Test(softmax, known_values)
{
    IgTensor *x = F32(2, SHAPE(2, 2), 0, 0, 1000, 1000);
    IgTensor *y = ig_softmax(NULL, x, 1), *ly = ig_log_softmax(NULL, x, 0);
    for (int i = 0; i < 4; i++) cr_assert_float_eq(AT(float, y, i), 0.5f, 1e-7);
    cr_assert(AT(float, ly, 0) == -1000.0f && AT(float, ly, 2) == 0.0f);
    IgTensor *e = ig_fill(NULL, IG_FLOAT32, 2, SHAPE(0, 3), 0.0);
    IgTensor *ye = ig_softmax(NULL, e, 1);
    assert_shape(ye, 2, SHAPE(0, 3));
    ig_release(x), ig_release(y), ig_release(ly), ig_release(e), ig_release(ye);
}

/* ---- batch_norm ------------------------------------------------------------------- */
static void check_batch_norm(IgDType dt, bool with_offset, bool with_scale, bool scalar_mean)
{
    const int64_t c = 5;
    IgTensor *x = random_tensor(dt, 3, SHAPE(3, 4, c));
    IgTensor *mean = scalar_mean ? random_tensor(dt, 0, NULL) : random_tensor(dt, 1, SHAPE(c));
    IgTensor *var = random_tensor(dt, 1, SHAPE(c));
    IgTensor *off = random_tensor(dt, 1, SHAPE(c)), *scale = random_tensor(dt, 2, SHAPE(1, c));
    for (int64_t j = 0; j < c; j++) /* variances are positive */
        if (dt == IG_FLOAT32) ((float *)var->data)[j] = fabsf(((float *)var->data)[j]) + 0.25f;
        else ((double *)var->data)[j] = fabs(((double *)var->data)[j]) + 0.25;
    const double eps = 1e-3;
    static IgSite site = IG_SITE("bn.py", 4);
    IgTensor *y = ig_batch_norm(&site, x, mean, var, with_offset ? off : NULL,
                                with_scale ? scale : NULL, eps);
    assert_shape(y, 3, SHAPE(3, 4, c));
    double *want = calloc((size_t)x->size, sizeof *want);
    for (int64_t i = 0; i < x->size; i++) {
        int64_t j = i % c;
        double m = elem(mean, scalar_mean ? 0 : j);
        double v = (elem(x, i) - m) / sqrt(elem(var, j) + eps);
        if (with_scale) v *= elem(scale, j);
        if (with_offset) v += elem(off, j);
        want[i] = v;
    }
    char what[64];
    snprintf(what, sizeof what, "batch_norm offset=%d scale=%d scalar mean=%d", with_offset,
             with_scale, scalar_mean);
    assert_close(y, want, x->size, dt == IG_FLOAT32 ? 1e-5 : 1e-13, what);
    free(want);
    ig_release(x), ig_release(mean), ig_release(var), ig_release(off), ig_release(scale);
    ig_release(y);
}

Test(batch_norm, matches_formula_with_and_without_offset_scale)
{
    rng_state = 12;
    const IgDType dts[] = {IG_FLOAT32, IG_FLOAT64};
    for (int d = 0; d < 2; d++)
        for (int mask = 0; mask < 8; mask++)
            check_batch_norm(dts[d], mask & 1, mask & 2, mask & 4);
}

Test(batch_norm, channel_mismatch_is_an_error, .exit_code = 1)
{
    static IgSite site = IG_SITE("bn.py", 9);
    IgTensor *x = ig_fill(NULL, IG_FLOAT32, 2, SHAPE(2, 3), 1.0);
    IgTensor *m = ig_fill(NULL, IG_FLOAT32, 1, SHAPE(4), 0.0);
    expect_fatal("bn.py:9: error: batch_normalization: mean of shape [4] does not match the 3 "
                 "channels of x (shape [2,3])\n");
    ig_batch_norm(&site, x, m, m, NULL, NULL, 1e-3);
}

/* ---- sparse softmax cross-entropy --------------------------------------------------- */
static void check_xent(IgDType dt, IgDType label_dt)
{
    IgTensor *logits = random_tensor(dt, 3, SHAPE(2, 3, 5));
    const int64_t lab[6] = {0, 4, 2, 3, 1, 4};
    IgTensor *labels = ig_tensor_new(label_dt, 2, SHAPE(2, 3));
    for (int i = 0; i < 6; i++)
        if (label_dt == IG_INT32) ((int32_t *)labels->data)[i] = (int32_t)lab[i];
        else ((int64_t *)labels->data)[i] = lab[i];
    static IgSite site = IG_SITE("xent.py", 6);
    IgTensor *loss = ig_sparse_softmax_xent(&site, logits, labels);
    assert_shape(loss, 2, SHAPE(2, 3));
    cr_assert_eq(loss->dtype, dt);
    double want[6];
    for (int r = 0; r < 6; r++) {
        double sum = 0;
        for (int j = 0; j < 5; j++) sum += exp(elem(logits, r * 5 + j));
        want[r] = log(sum) - elem(logits, r * 5 + lab[r]);
    }
    assert_close(loss, want, 6, dt == IG_FLOAT32 ? 1e-6 : 1e-14, "xent");
    ig_release(logits), ig_release(labels), ig_release(loss);
}

Test(xent, matches_logsumexp_minus_label_logit)
{
    rng_state = 13;
    check_xent(IG_FLOAT32, IG_INT32);
    check_xent(IG_FLOAT32, IG_INT64);
    check_xent(IG_FLOAT64, IG_INT32);
    check_xent(IG_FLOAT64, IG_INT64);
}

Test(xent, label_past_the_classes_in_tensorflow_words, .exit_code = 1)
{
    static IgSite site = IG_SITE("xent.py", 10);
    IgTensor *logits = ig_fill(NULL, IG_FLOAT32, 2, SHAPE(2, 5), 0.0);
    IgTensor *labels = I64(1, SHAPE(2), 1, 7);
    expect_fatal("xent.py:10: error: Received a label value of 7 which is outside the valid "
                 "range of [0, 5).  Label values: 1 7\n");
    ig_sparse_softmax_xent(&site, logits, labels);
}

/* A negative label is named before a too-large one, as TensorFlow's check does. */
Test(xent, negative_label_is_named_first, .exit_code = 1)
{
    static IgSite site = IG_SITE("xent.py", 11);
    IgTensor *logits = ig_fill(NULL, IG_FLOAT64, 2, SHAPE(3, 4), 0.0);
    IgTensor *labels = I32(1, SHAPE(3), 9, -2, 0);
    expect_fatal("xent.py:11: error: Received a label value of -2 which is outside the valid "
                 "range of [0, 4).  Label values: 9 -2 0\n");
    ig_sparse_softmax_xent(&site, logits, labels);
}

Test(xent, label_shape_mismatch, .exit_code = 1)
{
    static IgSite site = IG_SITE("xent.py", 12);
    IgTensor *logits = ig_fill(NULL, IG_FLOAT32, 2, SHAPE(2, 5), 0.0);
    IgTensor *labels = I32(1, SHAPE(3), 0, 1, 2);
    expect_fatal("xent.py:12: error: Shape mismatch: The shape of labels (received [3]) should "
                 "equal the shape of logits except for the last dimension (received [2,5]).\n");
    ig_sparse_softmax_xent(&site, logits, labels);
}

/* ---- the per-site primitive cache ------------------------------------------------- */
Test(nn_cache, one_primitive_per_site_and_shape)
{
    static IgSite conv_site = IG_SITE("cache.py", 1), pool_site = IG_SITE("cache.py", 2);
    static IgSite sm_site = IG_SITE("cache.py", 3), bn_site = IG_SITE("cache.py", 4);
    IgTensor *x = random_tensor(IG_FLOAT32, 4, SHAPE(2, 6, 6, 3));
    IgTensor *x2 = random_tensor(IG_FLOAT32, 4, SHAPE(1, 6, 6, 3));
    IgTensor *f = random_tensor(IG_FLOAT32, 4, SHAPE(3, 3, 3, 4));
    IgTensor *m = ig_fill(NULL, IG_FLOAT32, 1, SHAPE(3), 0.5);
    IgTensor *v = ig_fill(NULL, IG_FLOAT32, 1, SHAPE(3), 2.0);
    long before = ig_prim_created_count();
    for (int i = 0; i < 3; i++) {
        ig_release(ig_conv2d(&conv_site, x, f, 1, 1, 1, 1, true));
        ig_release(ig_max_pool2d(&pool_site, x, 2, 2, 2, 2, true));
        ig_release(ig_softmax(&sm_site, x, 3));
        ig_release(ig_batch_norm(&bn_site, x, m, v, NULL, NULL, 1e-3));
    }
    cr_assert_eq(ig_prim_created_count() - before, 4, "created %ld",
                 ig_prim_created_count() - before);
    /* A new shape, or a new attribute, makes a new primitive; then it is reused.
       (log_softmax runs on loops: it makes none.) */
    for (int i = 0; i < 2; i++) {
        ig_release(ig_conv2d(&conv_site, x2, f, 1, 1, 1, 1, true));
        ig_release(ig_avg_pool2d(&pool_site, x2, 2, 2, 2, 2, true));
        ig_release(ig_log_softmax(&sm_site, x, 3));
    }
    cr_assert_eq(ig_prim_created_count() - before, 6);
    /* With no site nothing is kept: every call makes (and frees) its own. */
    ig_release(ig_conv2d(NULL, x, f, 1, 1, 1, 1, true));
    ig_release(ig_conv2d(NULL, x, f, 1, 1, 1, 1, true));
    cr_assert_eq(ig_prim_created_count() - before, 8);
    cr_assert_not_null(conv_site.cache);
    ig_release(x), ig_release(x2), ig_release(f), ig_release(m), ig_release(v);
}

/* A cached filter reorder must read the filter's current values on every call. */
Test(nn_cache, new_filter_values_are_seen)
{
    static IgSite site = IG_SITE("cache.py", 8);
    IgTensor *x = ig_fill(NULL, IG_FLOAT32, 4, SHAPE(1, 4, 4, 8), 1.0);
    IgTensor *f = ig_fill(NULL, IG_FLOAT32, 4, SHAPE(1, 1, 8, 16), 1.0);
    IgTensor *y1 = ig_conv2d(&site, x, f, 1, 1, 1, 1, true);
    for (int64_t i = 0; i < f->size; i++) ((float *)f->data)[i] = 2.0f;
    IgTensor *y2 = ig_conv2d(&site, x, f, 1, 1, 1, 1, true);
    cr_assert_eq(AT(float, y1, 0), 8.0f);
    cr_assert_eq(AT(float, y2, 0), 16.0f);
    ig_release(x), ig_release(f), ig_release(y1), ig_release(y2);
}
