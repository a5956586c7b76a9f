/* test_donate.c — elementwise kernels writing their result over a donated input
 * (ig_donate, alloc.c): only when its holder gave it up and nobody else holds it,
 * only when dtype and shape match, and with every path (same shape, scalar operand,
 * broadcast, oneDNN, unary math) giving the values a fresh result would hold. */
#include "rt_test.h"

TestSuite(donate, .fini = ig_runtime_shutdown);

Test(donate, a_donated_sole_input_holds_the_result)
{
    IgTensor *x = F32(1, SHAPE(3), 1, 2, 3), *one = F32(0, NULL, 1);
    IgTensor *y = ig_add(NULL, ig_donate(x), one);
    cr_assert_eq(y, x);
    cr_assert_eq(y->refcount, 2); /* the holder's reference, and the result's */
    ig_release(x);                /* the holder releases it as before */
    cr_assert_eq(y->refcount, 1);
    cr_assert_float_eq(AT(float, y, 0), 2.0f, 0);
    cr_assert_float_eq(AT(float, y, 2), 4.0f, 0);
    ig_release(y);
    ig_release(one);
}

Test(donate, a_shared_input_is_never_overwritten)
{
    IgTensor *x = F32(1, SHAPE(2), 1, 2), *one = F32(0, NULL, 1);
    ig_retain(x); /* another holder: a variable, the caller */
    IgTensor *y = ig_add(NULL, ig_donate(x), one);
    cr_assert_neq(y, x);
    cr_assert_float_eq(AT(float, x, 0), 1.0f, 0);
    ig_release(x);
    /* The mark was consumed: once x is held by one alone it is still not taken. */
    IgTensor *z = ig_mul(NULL, x, one);
    cr_assert_neq(z, x);
    ig_release(x);
    ig_release(y);
    ig_release(z);
    ig_release(one);
}

Test(donate, an_undonated_input_is_never_overwritten)
{
    IgTensor *x = F32(1, SHAPE(2), 1, 2), *one = F32(0, NULL, 1);
    IgTensor *y = ig_add(NULL, x, one);
    cr_assert_neq(y, x);
    cr_assert_float_eq(AT(float, x, 1), 2.0f, 0);
    ig_release(x);
    ig_release(y);
    ig_release(one);
}

/* A comparison's bool result does not fit a float input; a broadcast result is larger
 * than the donated row. */
Test(donate, only_a_result_of_the_same_dtype_and_shape_reuses_it)
{
    IgTensor *x = F32(1, SHAPE(2), 1, 2), *row = F32(1, SHAPE(2), 10, 20);
    IgTensor *col = F32(2, SHAPE(2, 1), 1, 2);
    IgTensor *less = ig_less(NULL, ig_donate(x), row);
    cr_assert_neq(less, x);
    cr_assert_eq(less->dtype, IG_BOOL);
    IgTensor *sum = ig_add(NULL, ig_donate(row), col);
    cr_assert_neq(sum, row);
    cr_assert_eq(sum->size, 4);
    cr_assert_float_eq(AT(float, sum, 3), 22.0f, 0);
    ig_release(x);
    ig_release(row);
    ig_release(col);
    ig_release(less);
    ig_release(sum);
}

/* The second operand may be the donated one (1 - x), and broadcasting a row over a
 * donated matrix writes each element after reading it. */
Test(donate, second_operand_and_broadcast_paths)
{
    IgTensor *x = F32(1, SHAPE(2), 1, 2), *one = F32(0, NULL, 1);
    IgTensor *y = ig_sub(NULL, one, ig_donate(x));
    cr_assert_eq(y, x);
    cr_assert_float_eq(AT(float, y, 0), 0.0f, 0);
    cr_assert_float_eq(AT(float, y, 1), -1.0f, 0);
    ig_release(x);
    ig_release(y);
    IgTensor *m = F32(2, SHAPE(2, 2), 1, 2, 3, 4), *bias = F32(1, SHAPE(2), 10, 20);
    IgTensor *s = ig_add(NULL, ig_donate(m), bias);
    cr_assert_eq(s, m);
    cr_assert_float_eq(AT(float, s, 0), 11.0f, 0);
    cr_assert_float_eq(AT(float, s, 3), 24.0f, 0);
    ig_release(m);
    ig_release(s);
    ig_release(bias);
    ig_release(one);
}

/* x + x with x donated: each element is read before it is written. */
Test(donate, the_same_tensor_twice)
{
    IgTensor *x = I32(1, SHAPE(3), 1, -2, 3);
    IgTensor *y = ig_add(NULL, ig_donate(x), x);
    cr_assert_eq(y, x);
    cr_assert_eq(AT(int32_t, y, 1), -4);
    ig_release(x);
    ig_release(y);
}

/* Past IG_DNNL_MIN_ELEMENTS the add is oneDNN's, in place over its first source. */
Test(donate, onednn_binary_in_place)
{
    int64_t n = IG_DNNL_MIN_ELEMENTS;
    IgTensor *x = ig_tensor_new(IG_FLOAT32, 1, &n), *y = ig_tensor_new(IG_FLOAT32, 1, &n);
    for (int64_t i = 0; i < n; i++) {
        ((float *)x->data)[i] = (float)i;
        ((float *)y->data)[i] = 0.5f;
    }
    IgTensor *s = ig_mul(NULL, ig_donate(x), y);
    cr_assert_eq(s, x);
    cr_assert_float_eq(AT(float, s, n - 1), (float)(n - 1) * 0.5f, 0);
    ig_release(x);
    ig_release(y);
    ig_release(s);
}

Test(donate, unary_math_in_place)
{
    IgTensor *x = F64(1, SHAPE(2), 4, 9);
    IgTensor *r = ig_sqrt(NULL, ig_donate(x));
    cr_assert_eq(r, x);
    cr_assert_float_eq(AT(double, r, 1), 3.0, 0);
    ig_release(x);
    ig_release(r);
}

static IgTensor *vector_of(IgDType t, int n, const double *v)
{
    IgTensor *x = ig_tensor_new(t, 1, SHAPE(n));
    for (int i = 0; i < n; i++) {
        if (t == IG_FLOAT32)
            ((float *)x->data)[i] = (float)v[i];
        else
            ((double *)x->data)[i] = v[i];
    }
    return x;
}

static void assert_vector(const IgTensor *x, const double *want, const char *what)
{
    for (int64_t i = 0; i < x->size; i++) {
        double got = x->dtype == IG_FLOAT32 ? AT(float, x, i) : AT(double, x, i);
        cr_assert(isnan(want[i]) ? isnan(got) : got == want[i], "%s (%s) at %lld: %g vs %g",
                  what, ig_dtype_name(x->dtype), (long long)i, got, want[i]);
    }
}

/* relu, neg and relu's gradient in place, over a vector longer than one SIMD register
 * (NaN kept by relu and by relu_grad's dy, -0 from neg), on both float dtypes;
 * relu_grad over dy, over x, and with dy and x one tensor. */
Test(donate, relu_neg_and_relu_grad_in_place)
{
    static const double xs[9] = {-2, -0.5, 0, 0.5, 2, NAN, -3, 4, 1};
    static const double relu[9] = {0, 0, 0, 0.5, 2, NAN, 0, 4, 1};
    static const double dys[9] = {1, 2, 3, 4, 5, 6, 7, NAN, 9};
    static const double grad[9] = {0, 0, 0, 4, 5, 0, 0, NAN, 9};
    static const double self_grad[9] = {0, 0, 0, 0.5, 2, 0, 0, 4, 1};
    for (int dt = 0; dt < 2; dt++) {
        IgDType t = dt ? IG_FLOAT64 : IG_FLOAT32;
        IgTensor *x = vector_of(t, 9, xs);
        IgTensor *r = ig_relu(NULL, ig_donate(x));
        cr_assert_eq(r, x);
        ig_release(x);
        assert_vector(r, relu, "relu");
        IgTensor *n = ig_neg(NULL, ig_donate(r));
        cr_assert_eq(n, r);
        ig_release(r);
        cr_assert(signbit(t == IG_FLOAT32 ? AT(float, n, 0) : AT(double, n, 0)), "-0");
        ig_release(n);
        for (int over = 0; over < 3; over++) { /* dy donated, x donated, dy is x */
            IgTensor *dy = vector_of(t, 9, dys), *a = vector_of(t, 9, xs), *g;
            if (over == 0)
                g = ig_relu_grad(NULL, ig_donate(dy), a);
            else if (over == 1)
                g = ig_relu_grad(NULL, dy, ig_donate(a));
            else
                g = ig_relu_grad(NULL, ig_donate(a), a);
            cr_assert_eq(g, over == 0 ? dy : a);
            assert_vector(g, over == 2 ? self_grad : grad, "relu_grad");
            ig_release(dy), ig_release(a), ig_release(g);
        }
    }
}

/* A constant (immortal, refcount < 0) is never taken. */
Test(donate, a_constant_is_never_taken)
{
    static IgSite site = IG_SITE("t.py", 1);
    static const float two[] = {2.0f};
    IgTensor *c = ig_constant(&site, IG_FLOAT32, 0, NULL, two);
    IgTensor *y = ig_add(NULL, ig_donate(c), c);
    cr_assert_neq(y, c);
    cr_assert_float_eq(AT(float, c, 0), 2.0f, 0);
    ig_release(y);
}
