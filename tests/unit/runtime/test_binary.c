/* test_binary.c — elementwise ops: broadcasting (incl. size 0 and 1), dtypes, floor
 * semantics, pow, comparisons, errors, and the oneDNN path for large float32. */
#include <math.h>

#include "rt_test.h"

TestSuite(binary, .fini = ig_runtime_shutdown);
TestSuite(unary, .fini = ig_runtime_shutdown);

static void assert_shape(const IgTensor *t, int rank, const int64_t *shape)
{
    cr_assert_eq(t->rank, rank);
    for (int i = 0; i < rank; i++) cr_assert_eq(t->shape[i], shape[i], "dim %d", i);
}

Test(binary, same_shape_every_dtype)
{
    IgTensor *a = I32(1, SHAPE(3), 1, 2, 3), *b = I32(1, SHAPE(3), 10, 20, 30);
    IgTensor *c = ig_add(NULL, a, b);
    cr_assert_eq(AT(int32_t, c, 2), 33);
    ig_release(a), ig_release(b), ig_release(c);

    IgTensor *x = I64(1, SHAPE(2), 5, -5), *y = I64(1, SHAPE(2), 3, 3);
    IgTensor *z = ig_mul(NULL, x, y);
    cr_assert_eq(AT(int64_t, z, 1), -15);
    ig_release(x), ig_release(y), ig_release(z);

    IgTensor *f = F32(1, SHAPE(2), 1.5f, 2.0f), *g = F32(1, SHAPE(2), 0.5f, 4.0f);
    IgTensor *h = ig_sub(NULL, f, g), *q = ig_div(NULL, f, g);
    cr_assert_eq(AT(float, h, 0), 1.0f);
    cr_assert_eq(AT(float, q, 1), 0.5f);
    ig_release(f), ig_release(g), ig_release(h), ig_release(q);

    IgTensor *d = F64(0, NULL, 1.0), *e = F64(0, NULL, 3.0);
    IgTensor *r = ig_div(NULL, d, e);
    cr_assert_eq(r->rank, 0);
    cr_assert_eq(AT(double, r, 0), 1.0 / 3.0);
    ig_release(d), ig_release(e), ig_release(r);
}

Test(binary, integers_wrap)
{
    IgTensor *a = I32(1, SHAPE(2), INT32_MAX, INT32_MIN), *b = I32(1, SHAPE(2), 1, 1);
    IgTensor *s = ig_add(NULL, a, b), *d = ig_sub(NULL, a, b);
    cr_assert_eq(AT(int32_t, s, 0), INT32_MIN);
    cr_assert_eq(AT(int32_t, d, 1), INT32_MAX);
    ig_release(a), ig_release(b), ig_release(s), ig_release(d);
}

Test(binary, broadcast_row_and_column)
{
    IgTensor *m = F32(2, SHAPE(2, 3), 1, 2, 3, 4, 5, 6);
    IgTensor *v = F32(1, SHAPE(3), 10, 20, 30);
    IgTensor *r = ig_add(NULL, m, v);
    assert_shape(r, 2, SHAPE(2, 3));
    const float want[] = {11, 22, 33, 14, 25, 36};
    for (int i = 0; i < 6; i++) cr_assert_eq(AT(float, r, i), want[i]);
    IgTensor *r2 = ig_sub(NULL, v, m); /* broadcast on the left */
    cr_assert_eq(AT(float, r2, 4), 15.0f);
    ig_release(r), ig_release(r2);

    IgTensor *col = I32(2, SHAPE(3, 1), 1, 2, 3), *row = I32(2, SHAPE(1, 4), 10, 20, 30, 40);
    IgTensor *outer = ig_mul(NULL, col, row);
    assert_shape(outer, 2, SHAPE(3, 4));
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 4; j++)
            cr_assert_eq(AT(int32_t, outer, i * 4 + j), (i + 1) * (j + 1) * 10);
    ig_release(m), ig_release(v), ig_release(col), ig_release(row), ig_release(outer);
}

Test(binary, broadcast_middle_dim_and_rank_3)
{
    /* [2,1,3] + [4,1]: out [2,4,3]; out[i,j,k] = a[i,0,k] + b[j,0] */
    IgTensor *a = I64(3, SHAPE(2, 1, 3), 0, 1, 2, 100, 101, 102);
    IgTensor *b = I64(2, SHAPE(4, 1), 0, 10, 20, 30);
    IgTensor *r = ig_add(NULL, a, b);
    assert_shape(r, 3, SHAPE(2, 4, 3));
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 4; j++)
            for (int k = 0; k < 3; k++)
                cr_assert_eq(AT(int64_t, r, (i * 4 + j) * 3 + k), i * 100 + k + j * 10);
    ig_release(a), ig_release(b), ig_release(r);
}

Test(binary, broadcast_scalar_and_size_one)
{
    IgTensor *s = scalar_f64(2.0), *v = F64(2, SHAPE(1, 3), 1, 2, 3);
    IgTensor *r = ig_mul(NULL, v, s);
    assert_shape(r, 2, SHAPE(1, 3));
    cr_assert_eq(AT(double, r, 2), 6.0);
    IgTensor *one = F64(1, SHAPE(1), 5.0);
    IgTensor *r2 = ig_sub(NULL, one, s);
    assert_shape(r2, 1, SHAPE(1));
    cr_assert_eq(AT(double, r2, 0), 3.0);
    ig_release(s), ig_release(v), ig_release(r), ig_release(one), ig_release(r2);
}

Test(binary, broadcast_size_zero)
{
    IgTensor *e = ig_fill(NULL, IG_INT32, 2, SHAPE(0, 3), 1);
    IgTensor *v = I32(1, SHAPE(3), 1, 2, 3);
    IgTensor *r = ig_add(NULL, e, v);
    assert_shape(r, 2, SHAPE(0, 3));
    cr_assert_eq(r->size, 0);
    IgTensor *col = I32(2, SHAPE(2, 1), 1, 2), *none = ig_fill(NULL, IG_INT32, 2, SHAPE(1, 0), 0);
    IgTensor *r2 = ig_less(NULL, col, none);
    assert_shape(r2, 2, SHAPE(2, 0));
    cr_assert_eq(r2->dtype, IG_BOOL);
    IgTensor *s = scalar_i32(4), *r3 = ig_mul(NULL, none, s);
    assert_shape(r3, 2, SHAPE(1, 0));
    ig_release(e), ig_release(v), ig_release(r), ig_release(col), ig_release(none);
    ig_release(r2), ig_release(s), ig_release(r3);
}

Test(binary, incompatible_shapes_are_an_error, .exit_code = 1)
{
    static IgSite site = IG_SITE("model.py", 12);
    expect_fatal("model.py:12: error: add: shapes [2,3] and [4] cannot be broadcast\n");
    IgTensor *a = ig_fill(NULL, IG_FLOAT32, 2, SHAPE(2, 3), 0);
    IgTensor *b = ig_fill(NULL, IG_FLOAT32, 1, SHAPE(4), 0);
    ig_add(&site, a, b);
}

Test(binary, zero_against_nonzero_dim_is_an_error, .exit_code = 1)
{
    static IgSite site = IG_SITE("model.py", 3);
    expect_fatal("model.py:3: error: mul: shapes [0] and [2] cannot be broadcast\n");
    IgTensor *a = ig_fill(NULL, IG_INT32, 1, SHAPE(0), 0);
    IgTensor *b = ig_fill(NULL, IG_INT32, 1, SHAPE(2), 0);
    ig_mul(&site, a, b);
}

/* Python: 7//2=3 7%2=1; -7//2=-4 -7%2=1; 7//-2=-4 7%-2=-1; -7//-2=3 -7%-2=-1 */
Test(binary, floor_semantics_integers)
{
    IgTensor *a = I32(1, SHAPE(6), 7, -7, 7, -7, 6, 0), *b = I32(1, SHAPE(6), 2, 2, -2, -2, -3, -5);
    IgTensor *q = ig_floordiv(NULL, a, b), *m = ig_mod(NULL, a, b);
    const int32_t wq[] = {3, -4, -4, 3, -2, 0}, wm[] = {1, 1, -1, -1, 0, 0};
    for (int i = 0; i < 6; i++) {
        cr_assert_eq(AT(int32_t, q, i), wq[i], "floordiv %d", i);
        cr_assert_eq(AT(int32_t, m, i), wm[i], "mod %d", i);
    }
    IgTensor *x = I64(1, SHAPE(2), INT64_MIN, -9), *y = I64(1, SHAPE(2), -1, 4);
    IgTensor *q2 = ig_floordiv(NULL, x, y), *m2 = ig_mod(NULL, x, y);
    cr_assert_eq(AT(int64_t, q2, 0), INT64_MIN); /* wraps, no trap */
    cr_assert_eq(AT(int64_t, m2, 0), 0);
    cr_assert_eq(AT(int64_t, q2, 1), -3);
    cr_assert_eq(AT(int64_t, m2, 1), 3);
    ig_release(a), ig_release(b), ig_release(q), ig_release(m);
    ig_release(x), ig_release(y), ig_release(q2), ig_release(m2);
}

Test(binary, floor_semantics_floats)
{
    IgTensor *a = F64(1, SHAPE(5), 7.5, -7.5, 7.5, -7.5, 1.0);
    IgTensor *b = F64(1, SHAPE(5), 2.0, 2.0, -2.0, -2.0, 0.0);
    IgTensor *q = ig_floordiv(NULL, a, b), *m = ig_mod(NULL, a, b);
    const double wq[] = {3.0, -4.0, -4.0, 3.0}, wm[] = {1.5, 0.5, -0.5, -1.5};
    for (int i = 0; i < 4; i++) {
        cr_assert_eq(AT(double, q, i), wq[i], "floordiv %d", i);
        cr_assert_eq(AT(double, m, i), wm[i], "mod %d", i);
    }
    cr_assert(isinf(AT(double, q, 4)));
    cr_assert(isnan(AT(double, m, 4)));
    IgTensor *f = F32(1, SHAPE(2), -1.0f, 5.0f), *g = F32(1, SHAPE(2), 3.0f, -3.0f);
    IgTensor *mf = ig_mod(NULL, f, g), *qf = ig_floordiv(NULL, f, g);
    cr_assert_eq(AT(float, mf, 0), 2.0f);
    cr_assert_eq(AT(float, mf, 1), -1.0f);
    cr_assert_eq(AT(float, qf, 0), -1.0f);
    cr_assert_eq(AT(float, qf, 1), -2.0f);
    ig_release(a), ig_release(b), ig_release(q), ig_release(m);
    ig_release(f), ig_release(g), ig_release(mf), ig_release(qf);
}

Test(binary, integer_division_by_zero, .exit_code = 1)
{
    static IgSite site = IG_SITE("calc.py", 7);
    expect_fatal("calc.py:7: error: integer division by zero\n");
    IgTensor *a = I32(1, SHAPE(2), 1, 2), *b = I32(1, SHAPE(2), 1, 0);
    ig_floordiv(&site, a, b);
}

Test(binary, integer_modulo_by_zero, .exit_code = 1)
{
    static IgSite site = IG_SITE("calc.py", 8);
    expect_fatal("calc.py:8: error: integer division by zero\n");
    IgTensor *a = I64(1, SHAPE(2), 1, 2), *b = scalar_i64(0);
    ig_mod(&site, a, b);
}

Test(binary, pow_integers_and_floats)
{
    IgTensor *a = I32(1, SHAPE(6), 3, -2, 2, 0, 7, 2), *b = I32(1, SHAPE(6), 4, 3, 0, 0, 1, 31);
    IgTensor *p = ig_pow(NULL, a, b);
    const int32_t want[] = {81, -8, 1, 1, 7, INT32_MIN}; /* 2^31 wraps */
    for (int i = 0; i < 6; i++) cr_assert_eq(AT(int32_t, p, i), want[i], "pow %d", i);
    IgTensor *x = I64(1, SHAPE(1), 10), *y = I64(1, SHAPE(1), 18);
    IgTensor *q = ig_pow(NULL, x, y);
    cr_assert_eq(AT(int64_t, q, 0), 1000000000000000000LL);
    IgTensor *f = F32(1, SHAPE(2), 2.0f, 9.0f), *g = F32(1, SHAPE(2), -1.0f, 0.5f);
    IgTensor *r = ig_pow(NULL, f, g);
    cr_assert_eq(AT(float, r, 0), 0.5f);
    cr_assert_eq(AT(float, r, 1), 3.0f);
    ig_release(a), ig_release(b), ig_release(p), ig_release(x), ig_release(y), ig_release(q);
    ig_release(f), ig_release(g), ig_release(r);
}

Test(binary, pow_negative_integer_exponent, .exit_code = 1)
{
    static IgSite site = IG_SITE("calc.py", 9);
    expect_fatal("calc.py:9: error: pow: integers to negative integer powers are not allowed\n");
    IgTensor *a = scalar_i32(2), *b = scalar_i32(-1);
    ig_pow(&site, a, b);
}

Test(binary, comparisons_give_bool)
{
    IgTensor *a = F32(1, SHAPE(3), 1, 2, NAN), *b = F32(0, NULL, 2);
    IgTensor *lt = ig_less(NULL, a, b), *le = ig_less_equal(NULL, a, b);
    IgTensor *gt = ig_greater(NULL, a, b), *ge = ig_greater_equal(NULL, a, b);
    IgTensor *eq = ig_equal(NULL, a, b), *ne = ig_not_equal(NULL, a, b);
    cr_assert_eq(lt->dtype, IG_BOOL);
    const uint8_t wlt[] = {1, 0, 0}, wle[] = {1, 1, 0}, wgt[] = {0, 0, 0}, wge[] = {0, 1, 0};
    const uint8_t weq[] = {0, 1, 0}, wne[] = {1, 0, 1};
    for (int i = 0; i < 3; i++) {
        cr_assert_eq(AT(uint8_t, lt, i), wlt[i]);
        cr_assert_eq(AT(uint8_t, le, i), wle[i]);
        cr_assert_eq(AT(uint8_t, gt, i), wgt[i]);
        cr_assert_eq(AT(uint8_t, ge, i), wge[i]);
        cr_assert_eq(AT(uint8_t, eq, i), weq[i]);
        cr_assert_eq(AT(uint8_t, ne, i), wne[i]);
    }
    IgTensor *i = I64(1, SHAPE(2), -1, 5), *j = I64(1, SHAPE(2), 0, 5);
    IgTensor *il = ig_less(NULL, i, j);
    cr_assert_eq(AT(uint8_t, il, 0), 1);
    cr_assert_eq(AT(uint8_t, il, 1), 0);
    IgTensor *p = BOOLS(1, SHAPE(3), 1, 0, 2), *q = BOOLS(1, SHAPE(3), 1, 1, 1);
    IgTensor *be = ig_equal(NULL, p, q), *bn = ig_not_equal(NULL, p, q);
    cr_assert_eq(AT(uint8_t, be, 0), 1);
    cr_assert_eq(AT(uint8_t, be, 1), 0);
    cr_assert_eq(AT(uint8_t, be, 2), 1);
    cr_assert_eq(AT(uint8_t, bn, 1), 1);
    IgTensor *all[] = {a, b, lt, le, gt, ge, eq, ne, i, j, il, p, q, be, bn};
    for (size_t k = 0; k < sizeof all / sizeof all[0]; k++) ig_release(all[k]);
}

/* Large float32 tensors go through oneDNN; the results must equal the plain
 * arithmetic bit for bit (IEEE add/sub/mul/div are exact-rounded either way). */
Test(binary, large_float32_matches_scalar_arithmetic)
{
    const int64_t cols = 1000, rows = IG_DNNL_MIN_ELEMENTS / cols + 1;
    IgTensor *a = ig_tensor_new(IG_FLOAT32, 2, SHAPE(rows, cols));
    IgTensor *b = ig_tensor_new(IG_FLOAT32, 2, SHAPE(rows, cols));
    IgTensor *v = ig_tensor_new(IG_FLOAT32, 1, SHAPE(cols));
    srand(7);
    for (int64_t i = 0; i < a->size; i++) {
        ((float *)a->data)[i] = (float)rand() / (float)RAND_MAX * 10 - 5;
        ((float *)b->data)[i] = (float)rand() / (float)RAND_MAX * 10 + 0.5f;
    }
    for (int64_t i = 0; i < cols; i++) ((float *)v->data)[i] = (float)i * 0.25f - 3;
    static IgSite sites[6] = {IG_SITE("big.py", 1), IG_SITE("big.py", 2), IG_SITE("big.py", 3),
                              IG_SITE("big.py", 4), IG_SITE("big.py", 5), IG_SITE("big.py", 6)};
    IgTensor *add = ig_add(&sites[0], a, b), *sub = ig_sub(&sites[1], a, b);
    IgTensor *mul = ig_mul(&sites[2], a, b), *div = ig_div(&sites[3], a, b);
    IgTensor *addv = ig_add(&sites[4], v, a); /* a broadcast src0: swapped for oneDNN */
    IgTensor *subv = ig_sub(&sites[5], v, a); /* cannot swap: plain loops */
    for (int64_t i = 0; i < a->size; i++) {
        float x = AT(float, a, i), y = AT(float, b, i), w = AT(float, v, i % cols);
        cr_assert_eq(AT(float, add, i), x + y);
        cr_assert_eq(AT(float, sub, i), x - y);
        cr_assert_eq(AT(float, mul, i), x * y);
        cr_assert_eq(AT(float, div, i), x / y);
        cr_assert_eq(AT(float, addv, i), w + x);
        cr_assert_eq(AT(float, subv, i), w - x);
    }
    cr_assert_eq(ig_prim_created_count(), 5);
    cr_assert_null(sites[5].cache);
    IgTensor *all[] = {a, b, v, add, sub, mul, div, addv, subv};
    for (size_t k = 0; k < sizeof all / sizeof all[0]; k++) ig_release(all[k]);
}

Test(binary, large_float32_primitive_is_cached_per_site)
{
    static IgSite site = IG_SITE("big.py", 1);
    IgTensor *a = ig_fill(NULL, IG_FLOAT32, 1, SHAPE(IG_DNNL_MIN_ELEMENTS), 1.5);
    IgTensor *b = ig_fill(NULL, IG_FLOAT32, 1, SHAPE(IG_DNNL_MIN_ELEMENTS), 2.0);
    long before = ig_prim_created_count();
    for (int k = 0; k < 3; k++) {
        IgTensor *c = ig_mul(&site, a, b);
        cr_assert_eq(AT(float, c, IG_DNNL_MIN_ELEMENTS - 1), 3.0f);
        ig_release(c);
    }
    cr_assert_eq(ig_prim_created_count(), before + 1);
    IgTensor *small = ig_fill(NULL, IG_FLOAT32, 1, SHAPE(10), 1);
    IgTensor *c = ig_mul(&site, small, small); /* tiny: plain loop, cache untouched */
    cr_assert_eq(ig_prim_created_count(), before + 1);
    ig_release(a), ig_release(b), ig_release(small), ig_release(c);
}

Test(unary, neg_and_relu)
{
    IgTensor *x = F32(1, SHAPE(4), -3.0f, 0.0f, 2.5f, NAN);
    IgTensor *n = ig_neg(NULL, x), *r = ig_relu(NULL, x);
    cr_assert_eq(AT(float, n, 0), 3.0f);
    cr_assert(signbit(AT(float, n, 1)));
    cr_assert_eq(AT(float, r, 0), 0.0f);
    cr_assert(!signbit(AT(float, r, 0))); /* +0, not -0 */
    cr_assert_eq(AT(float, r, 2), 2.5f);
    cr_assert(isnan(AT(float, r, 3)));
    IgTensor *i = I32(1, SHAPE(3), INT32_MIN, -4, 4);
    IgTensor *ni = ig_neg(NULL, i), *ri = ig_relu(NULL, i);
    cr_assert_eq(AT(int32_t, ni, 0), INT32_MIN);
    cr_assert_eq(AT(int32_t, ni, 1), 4);
    cr_assert_eq(AT(int32_t, ri, 1), 0);
    cr_assert_eq(AT(int32_t, ri, 2), 4);
    IgTensor *d = F64(2, SHAPE(1, 2), -1.0, 1.0), *nd = ig_neg(NULL, d);
    cr_assert_eq(nd->rank, 2);
    cr_assert_eq(AT(double, nd, 0), 1.0);
    IgTensor *e = ig_fill(NULL, IG_INT64, 1, SHAPE(0), 0), *ne = ig_relu(NULL, e);
    cr_assert_eq(ne->size, 0);
    IgTensor *all[] = {x, n, r, i, ni, ri, d, nd, e, ne};
    for (size_t k = 0; k < sizeof all / sizeof all[0]; k++) ig_release(all[k]);
}
