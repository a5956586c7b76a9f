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
