/* test_pool_grad.c — the gradients of max_pool2d and avg_pool2d against a reference
 * written here from TensorFlow's definitions (MaxPoolGrad, AvgPoolGrad), on both dtypes
 * (float32: oneDNN's backward pooling; float64: the runtime's loops), float32 against
 * float64 on the same data, empty tensors, the first-in-window rule on ties, and dy's
 * checks in run-time errors. */
#include <math.h>

#include "rt_test.h"

TestSuite(pool_grad, .fini = ig_runtime_shutdown);

/* ---- data ------------------------------------------------------------------------- */
static unsigned rng_state = 1;

static unsigned rng_next(void)
{
    rng_state = rng_state * 1103515245u + 12345u;
    return rng_state >> 16;
}

/* Values in [-2, 2] on a 1/64 grid: exact in float, ties allowed (dy's values). */
static IgTensor *grid_tensor(IgDType dt, const int64_t *shape)
{
    IgTensor *t = ig_tensor_new(dt, 4, shape);
    for (int64_t i = 0; i < t->size; i++) {
        double v = (double)(rng_next() % 257) / 64.0 - 2.0;
        if (dt == IG_FLOAT32)
            ((float *)t->data)[i] = (float)v;
        else
            ((double *)t->data)[i] = v;
    }
    return t;
}

/* Distinct values (a shuffled ramp on a 1/64 grid, exact in float): no window of a max
 * pooling has a tie, so oneDNN and the loops must pick the same winners. */
static IgTensor *distinct_tensor(IgDType dt, const int64_t *shape)
{
    IgTensor *t = ig_tensor_new(dt, 4, shape);
    int64_t n = t->size;
    double *v = malloc((size_t)(n + 1) * sizeof *v);
    for (int64_t i = 0; i < n; i++) v[i] = (double)(i - n / 2) / 64.0;
    for (int64_t i = n - 1; i > 0; i--) {
        int64_t j = (int64_t)(rng_next() % (unsigned)(i + 1));
        double tmp = v[i];
        v[i] = v[j], v[j] = tmp;
    }
    for (int64_t i = 0; i < n; i++) {
        if (dt == IG_FLOAT32)
            ((float *)t->data)[i] = (float)v[i];
        else
            ((double *)t->data)[i] = v[i];
    }
    free(v);
    return t;
}

/* The same values in float32: the float64 tensor's are all exact in float. */
static IgTensor *to_f32(const IgTensor *t)
{
    IgTensor *f = ig_tensor_new(IG_FLOAT32, t->rank, t->shape);
    for (int64_t i = 0; i < t->size; i++) ((float *)f->data)[i] = (float)AT(double, t, i);
    return f;
}

static double elem(const IgTensor *t, int64_t i)
{
    return t->dtype == IG_FLOAT32 ? AT(float, t, i) : AT(double, t, i);
}

static void assert_shape(const IgTensor *t, const int64_t *shape)
{
    cr_assert_eq(t->rank, 4);
    for (int i = 0; i < 4; i++)
        cr_assert_eq(t->shape[i], shape[i], "dim %d: %lld vs %lld", i, (long long)t->shape[i],
                     (long long)shape[i]);
}

/* tol 0: bit for bit; else |got - want| <= tol * (1 + |want|). */
static void assert_close(const IgTensor *got, const double *want, double tol, const char *what)
{
    for (int64_t i = 0; i < got->size; i++) {
        double g = elem(got, i);
        cr_assert(tol == 0 ? g == want[i] : fabs(g - want[i]) <= tol * (1 + fabs(want[i])),
                  "%s (%s) at %lld: %.17g vs %.17g", what, ig_dtype_name(got->dtype),
                  (long long)i, g, want[i]);
    }
}

/* ---- the reference ---------------------------------------------------------------- */
typedef struct PoolCase {
    int64_t n, h, w, c;
    int kh, kw, sh, sw;
    bool same;
} PoolCase;

/* TensorFlow's window arithmetic: SAME keeps ceil(in / s) outputs and pads
 * max((out-1)*s + k - in, 0) cells, the odd one after; VALID keeps (in - k) / s + 1. */
static void ref_window(int64_t in, int64_t k, int64_t s, bool same, int64_t *out, int64_t *pad)
{
    if (same) {
        *out = (in + s - 1) / s;
        int64_t total = (*out - 1) * s + k - in;
        *pad = total > 0 ? total / 2 : 0;
    } else {
        *out = in >= k ? (in - k) / s + 1 : 0;
        *pad = 0;
    }
}

static void ref_pooled_shape(const PoolCase *k, int64_t *shape, int64_t *pt, int64_t *pl)
{
    shape[0] = k->n, shape[3] = k->c;
    ref_window(k->h, k->kh, k->sh, k->same, &shape[1], pt);
    ref_window(k->w, k->kw, k->sw, k->same, &shape[2], pl);
}

/* dx of x's shape (element count of x): for every window and channel, max sends dy to
 * the first cell in row-major window order holding the largest value, avg adds
 * dy / (cells inside the input) to each of those cells. Windows in row-major order. */
static double *ref_pool_grad(bool max, const PoolCase *k, const IgTensor *x, const IgTensor *dy)
{
    int64_t ps[4], pt, pl;
    ref_pooled_shape(k, ps, &pt, &pl);
    double *dx = calloc((size_t)x->size + 1, sizeof *dx);
    for (int64_t b = 0; b < k->n; b++)
        for (int64_t oy = 0; oy < ps[1]; oy++)
            for (int64_t ox = 0; ox < ps[2]; ox++)
                for (int64_t ch = 0; ch < k->c; ch++) {
                    double d = elem(dy, ((b * ps[1] + oy) * ps[2] + ox) * k->c + ch);
                    int64_t cells[64], ncells = 0, best = -1;
                    for (int ky = 0; ky < k->kh; ky++)
                        for (int kx = 0; kx < k->kw; kx++) {
                            int64_t iy = oy * k->sh + ky - pt, ix = ox * k->sw + kx - pl;
                            if (iy < 0 || iy >= k->h || ix < 0 || ix >= k->w) continue;
                            int64_t at = ((b * k->h + iy) * k->w + ix) * k->c + ch;
                            if (best < 0 || elem(x, at) > elem(x, best)) best = at;
                            cells[ncells++] = at;
                        }
                    if (max) {
                        dx[best] += d;
                    } else {
                        for (int64_t i = 0; i < ncells; i++) dx[cells[i]] += d / (double)ncells;
                    }
                }
    return dx;
}

static IgTensor *run_grad(IgSite *site, bool max, const PoolCase *k, const IgTensor *x,
                          const IgTensor *dy)
{
    return max ? ig_max_pool2d_grad(site, x, dy, k->kh, k->kw, k->sh, k->sw, k->same)
               : ig_avg_pool2d_grad(site, x, dy, k->kh, k->kw, k->sh, k->sw, k->same);
}

static void describe(char *buf, size_t len, bool max, const PoolCase *k)
{
    snprintf(buf, len, "%s x[%lld,%lld,%lld,%lld] k%d,%d s%d,%d %s",
             max ? "max_pool2d_grad" : "avg_pool2d_grad", (long long)k->n, (long long)k->h,
             (long long)k->w, (long long)k->c, k->kh, k->kw, k->sh, k->sw,
             k->same ? "SAME" : "VALID");
}

/* Strides below, equal to and above the window; odd sizes; windows bigger than the
 * input; every case at most 64 cells per window (the reference's bound). */
static const PoolCase cases[] = {
    {2, 5, 7, 3, 3, 3, 1, 1, true},   /* stride < window: windows overlap */
    {2, 5, 7, 3, 3, 3, 1, 1, false},
    {1, 6, 6, 2, 2, 2, 2, 2, true},   /* stride = window: a partition */
    {1, 6, 6, 2, 2, 2, 2, 2, false},
    {2, 7, 5, 3, 2, 3, 2, 3, true},
    {2, 7, 9, 3, 2, 3, 3, 4, true},   /* stride > window: cells no window covers */
    {2, 7, 9, 3, 2, 3, 3, 4, false},
    {1, 6, 6, 1, 4, 4, 1, 1, true},   /* pads 1 before, 2 after */
    {3, 9, 8, 4, 3, 2, 2, 1, true},   /* odd padding on one side only */
    {3, 9, 8, 4, 3, 2, 2, 1, false},
    {2, 3, 3, 5, 5, 5, 1, 1, true},   /* window bigger than the input */
    {1, 11, 13, 2, 5, 4, 3, 2, false},
    {4, 31, 33, 8, 3, 3, 1, 1, true}, /* big enough for the loops' OpenMP threads */
};
#define NCASES (sizeof cases / sizeof cases[0])

/* x with distinct values for max, grid values for avg (ties there are harmless). */
static void check_case(IgDType dt, bool max, const PoolCase *k, double tol)
{
    static IgSite site = IG_SITE("pool_grad.py", 4);
    int64_t ps[4], pt, pl;
    ref_pooled_shape(k, ps, &pt, &pl);
    IgTensor *x = max ? distinct_tensor(dt, SHAPE(k->n, k->h, k->w, k->c))
                      : grid_tensor(dt, SHAPE(k->n, k->h, k->w, k->c));
    IgTensor *dy = grid_tensor(dt, ps);
    IgTensor *dx = run_grad(&site, max, k, x, dy);
    char what[160];
    describe(what, sizeof what, max, k);
    assert_shape(dx, x->shape);
    cr_assert_eq(dx->dtype, dt, "%s: dtype", what);
    double *want = ref_pool_grad(max, k, x, dy);
    assert_close(dx, want, tol, what);
    free(want);
    ig_release(x), ig_release(dy), ig_release(dx);
}

/* ---- against the reference ---------------------------------------------------------- */
Test(pool_grad, max_float64_matches_reference_exactly)
{
    rng_state = 11;
    for (size_t i = 0; i < NCASES; i++) check_case(IG_FLOAT64, true, &cases[i], 0);
}

Test(pool_grad, avg_float64_matches_reference_exactly)
{
    rng_state = 12;
    for (size_t i = 0; i < NCASES; i++) check_case(IG_FLOAT64, false, &cases[i], 0);
}

Test(pool_grad, max_float32_matches_reference)
{
    rng_state = 13;
    for (size_t i = 0; i < NCASES; i++) check_case(IG_FLOAT32, true, &cases[i], 1e-5);
}

Test(pool_grad, avg_float32_matches_reference)
{
    rng_state = 14;
    for (size_t i = 0; i < NCASES; i++) check_case(IG_FLOAT32, false, &cases[i], 1e-5);
}

/* oneDNN on float32 and the loops on float64, on the same values. */
Test(pool_grad, float32_agrees_with_float64)
{
    rng_state = 15;
    for (int max = 0; max < 2; max++)
        for (size_t i = 0; i < NCASES; i++) {
            const PoolCase *k = &cases[i];
            int64_t ps[4], pt, pl;
            ref_pooled_shape(k, ps, &pt, &pl);
            IgTensor *x64 = max ? distinct_tensor(IG_FLOAT64, SHAPE(k->n, k->h, k->w, k->c))
                                : grid_tensor(IG_FLOAT64, SHAPE(k->n, k->h, k->w, k->c));
            IgTensor *dy64 = grid_tensor(IG_FLOAT64, ps);
            IgTensor *x32 = to_f32(x64), *dy32 = to_f32(dy64);
            IgTensor *dx64 = run_grad(NULL, max, k, x64, dy64);
            IgTensor *dx32 = run_grad(NULL, max, k, x32, dy32);
            double *want = malloc((size_t)(dx64->size + 1) * sizeof *want);
            for (int64_t j = 0; j < dx64->size; j++) want[j] = (float)AT(double, dx64, j);
            char what[160];
            describe(what, sizeof what, max, k);
            assert_close(dx32, want, 1e-5, what);
            free(want);
            ig_release(x64), ig_release(dy64), ig_release(x32), ig_release(dy32);
            ig_release(dx64), ig_release(dx32);
        }
}

/* ---- ties, empty tensors, the cache ------------------------------------------------- */
/* 2x2 windows, stride 1, over a 3x3 image of two channels full of ties: each window
 * sends its gradient to its first cell (row-major) holding the maximum. */
Test(pool_grad, max_tie_goes_to_first_in_window)
{
    /* channel 0: 5 5 1 / 5 5 5 / 1 5 5;  channel 1: 1 9 9 / 9 9 9 / 9 9 1 */
    IgTensor *x = F64(4, SHAPE(1, 3, 3, 2), 5, 1, 5, 9, 1, 9, 5, 9, 5, 9, 5, 9, 1, 9, 5, 9, 5, 1);
    IgTensor *dy = F64(4, SHAPE(1, 2, 2, 2), 1, 16, 2, 32, 4, 64, 8, 128);
    IgTensor *dx = ig_max_pool2d_grad(NULL, x, dy, 2, 2, 1, 1, false);
    /* channel 0: windows win at (0,0) (0,1) (1,0) (1,1); channel 1: at (0,1) (0,1)
     * (1,0) (1,1) */
    const double want[18] = {1, 0, 2, 48, 0, 0, 4, 64, 8, 128, 0, 0, 0, 0, 0, 0, 0, 0};
    assert_shape(dx, x->shape);
    assert_close(dx, want, 0, "ties");
    /* SAME over a row of equal values: the padded window [2, pad] still has one winner. */
    IgTensor *r = F64(4, SHAPE(1, 1, 3, 1), 2, 2, 2), *dr = F64(4, SHAPE(1, 1, 3, 1), 1, 2, 4);
    IgTensor *gr = ig_max_pool2d_grad(NULL, r, dr, 1, 2, 1, 1, true);
    assert_close(gr, (const double[]){1, 2, 4}, 0, "ties with padding");
    ig_release(x), ig_release(dy), ig_release(dx), ig_release(r), ig_release(dr), ig_release(gr);
}

/* An empty batch or channel dim, and a VALID window past the input (dy empty, x not):
 * zeros of x's shape on both dtypes, oneDNN never asked. */
Test(pool_grad, empty_tensors_give_zeros)
{
    static IgSite site = IG_SITE("pool_grad.py", 9);
    static const PoolCase empties[] = {
        {0, 4, 4, 3, 2, 2, 2, 2, true},
        {2, 4, 4, 0, 2, 2, 1, 1, false},
        {2, 2, 2, 3, 3, 3, 1, 1, false}, /* dy is [2,0,0,3] */
    };
    for (int dt = 0; dt < 2; dt++)
        for (int max = 0; max < 2; max++)
            for (size_t i = 0; i < sizeof empties / sizeof empties[0]; i++) {
                const PoolCase *k = &empties[i];
                int64_t ps[4], pt, pl;
                ref_pooled_shape(k, ps, &pt, &pl);
                IgDType t = dt ? IG_FLOAT64 : IG_FLOAT32;
                IgTensor *x = ig_fill(NULL, t, 4, SHAPE(k->n, k->h, k->w, k->c), 1.0);
                IgTensor *dy = ig_fill(NULL, t, 4, ps, 1.0);
                cr_assert_eq(dy->size, 0);
                IgTensor *dx = run_grad(&site, max, k, x, dy);
                assert_shape(dx, x->shape);
                cr_assert_eq(dx->dtype, t);
                for (int64_t j = 0; j < dx->size; j++) cr_assert_eq(elem(dx, j), 0.0);
                ig_release(x), ig_release(dy), ig_release(dx);
            }
}

/* The site keeps its primitives across calls; the max gradient's forward pass must still
 * see each call's x (new winners), not the first call's. */
Test(pool_grad, cached_primitive_sees_new_values)
{
    static IgSite site = IG_SITE("pool_grad.py", 12);
    const PoolCase k = {2, 5, 6, 3, 3, 2, 2, 2, true};
    int64_t ps[4], pt, pl;
    ref_pooled_shape(&k, ps, &pt, &pl);
    rng_state = 16;
    void *cache = NULL;
    for (int call = 0; call < 3; call++) {
        IgTensor *x = distinct_tensor(IG_FLOAT32, SHAPE(k.n, k.h, k.w, k.c));
        IgTensor *dy = grid_tensor(IG_FLOAT32, ps);
        IgTensor *dx = run_grad(&site, true, &k, x, dy);
        if (call == 0) cache = site.cache;
        cr_assert_not_null(site.cache);
        cr_assert_eq(site.cache, cache, "call %d made a new cache", call);
        double *want = ref_pool_grad(true, &k, x, dy);
        assert_close(dx, want, 1e-5, "cached max_pool2d_grad");
        free(want);
        ig_release(x), ig_release(dy), ig_release(dx);
    }
}

/* ---- dy's checks ------------------------------------------------------------------ */
Test(pool_grad, dy_of_the_wrong_shape_is_an_error, .exit_code = 1)
{
    static IgSite site = IG_SITE("pool_grad.py", 20);
    IgTensor *x = ig_fill(NULL, IG_FLOAT32, 4, SHAPE(1, 5, 5, 3), 1.0);
    IgTensor *dy = ig_fill(NULL, IG_FLOAT32, 4, SHAPE(1, 2, 2, 3), 1.0);
    expect_fatal("pool_grad.py:20: error: max_pool2d_grad: dy of shape [1,2,2,3] is not the "
                 "pooled shape [1,3,3,3]\n");
    ig_max_pool2d_grad(&site, x, dy, 2, 2, 2, 2, true);
}

Test(pool_grad, dy_of_the_wrong_rank_is_an_error, .exit_code = 1)
{
    static IgSite site = IG_SITE("pool_grad.py", 21);
    IgTensor *x = ig_fill(NULL, IG_FLOAT64, 4, SHAPE(1, 4, 4, 1), 1.0);
    IgTensor *dy = ig_fill(NULL, IG_FLOAT64, 2, SHAPE(2, 2), 1.0);
    expect_fatal("pool_grad.py:21: error: avg_pool2d_grad: dy of shape [2,2] is not the "
                 "pooled shape [1,2,2,1]\n");
    ig_avg_pool2d_grad(&site, x, dy, 2, 2, 2, 2, false);
}

Test(pool_grad, dy_of_another_dtype_is_an_error, .exit_code = 1)
{
    static IgSite site = IG_SITE("pool_grad.py", 22);
    IgTensor *x = ig_fill(NULL, IG_FLOAT64, 4, SHAPE(1, 4, 4, 1), 1.0);
    IgTensor *dy = ig_fill(NULL, IG_FLOAT32, 4, SHAPE(1, 2, 2, 1), 1.0);
    expect_fatal("pool_grad.py:22: error: avg_pool2d_grad: dy must have x's dtype float64, "
                 "got float32\n");
    ig_avg_pool2d_grad(&site, x, dy, 2, 2, 2, 2, false);
}

/* MaxPoolGradGrad: ddx read back at each window's winner, in both dtypes. A 3x3 image,
 * 2x2 windows with stride 1: the winners are the cells holding 9, 9, 8 and 7. */
Test(pool_grad, max_grad_grad_reads_ddx_at_the_winners)
{
    static const double img[9] = {1, 9, 2, 8, 3, 7, 4, 6, 5}; /* row-major 3x3 */
    static const double want[4] = {90, 90, 80, 70};           /* ddx = 10 * x */
    for (int f32 = 0; f32 < 2; f32++) {
        IgDType dt = f32 ? IG_FLOAT32 : IG_FLOAT64;
        IgTensor *x = ig_tensor_new(dt, 4, SHAPE(1, 3, 3, 1));
        IgTensor *ddx = ig_tensor_new(dt, 4, SHAPE(1, 3, 3, 1));
        for (int i = 0; i < 9; i++) {
            if (f32) {
                ((float *)x->data)[i] = (float)img[i];
                ((float *)ddx->data)[i] = (float)(10 * img[i]);
            } else {
                ((double *)x->data)[i] = img[i];
                ((double *)ddx->data)[i] = 10 * img[i];
            }
        }
        IgTensor *out = ig_max_pool2d_grad_grad(NULL, x, ddx, 2, 2, 1, 1, false);
        cr_assert(ig_shape_equal(out->rank, out->shape, 4, SHAPE(1, 2, 2, 1)));
        for (int i = 0; i < 4; i++) {
            double got = f32 ? ((float *)out->data)[i] : ((double *)out->data)[i];
            cr_assert_eq(got, want[i], "%s window %d: %g, expected %g", f32 ? "f32" : "f64", i,
                         got, want[i]);
        }
        ig_release(out);
        ig_release(ddx);
        ig_release(x);
    }
}
