/* test_create.c — tf.range lengths and values, tf.cast conversions. */
#include <math.h>

#include "rt_test.h"

TestSuite(range, .fini = ig_runtime_shutdown);
TestSuite(cast, .fini = ig_runtime_shutdown);

static IgTensor *range_i32(int32_t start, int32_t limit, int32_t delta)
{
    IgTensor *s = scalar_i32(start), *l = scalar_i32(limit), *d = scalar_i32(delta);
    IgTensor *r = ig_range(NULL, IG_INT32, s, l, d);
    ig_release(s), ig_release(l), ig_release(d);
    return r;
}

static IgTensor *range_f32(float start, float limit, float delta)
{
    IgTensor *s = scalar_f32(start), *l = scalar_f32(limit), *d = scalar_f32(delta);
    IgTensor *r = ig_range(NULL, IG_FLOAT32, s, l, d);
    ig_release(s), ig_release(l), ig_release(d);
    return r;
}

Test(range, int_lengths_follow_ceil)
{
    struct { int32_t start, limit, delta; int64_t len; } cases[] = {
        {0, 10, 1, 10}, {0, 10, 3, 4}, {0, 9, 3, 3}, {10, 0, -3, 4}, {-5, 5, 5, 2},
        {3, 3, 1, 0}, {3, 3, -1, 0}, {0, 1, 100, 1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        IgTensor *r = range_i32(cases[i].start, cases[i].limit, cases[i].delta);
        cr_assert_eq(r->rank, 1);
        cr_assert_eq(r->shape[0], cases[i].len, "range(%d, %d, %d): length %lld",
                     cases[i].start, cases[i].limit, cases[i].delta, (long long)r->shape[0]);
        for (int64_t k = 0; k < r->size; k++)
            cr_assert_eq(AT(int32_t, r, k), cases[i].start + (int32_t)k * cases[i].delta);
        ig_release(r);
    }
}

Test(range, int64_near_the_limits)
{
    IgTensor *s = scalar_i64(INT64_MAX - 5), *l = scalar_i64(INT64_MAX), *d = scalar_i64(2);
    IgTensor *r = ig_range(NULL, IG_INT64, s, l, d);
    cr_assert_eq(r->shape[0], 3);
    cr_assert_eq(AT(int64_t, r, 2), INT64_MAX - 1);
    ig_release(s), ig_release(l), ig_release(d), ig_release(r);
}

Test(range, float_lengths_and_accumulated_values)
{
    IgTensor *r = range_f32(0.0f, 1.0f, 0.3f);
    cr_assert_eq(r->shape[0], 4); /* ceil(3.33) */
    float v = 0.0f;
    for (int k = 0; k < 4; k++, v += 0.3f) cr_assert_eq(AT(float, r, k), v);
    ig_release(r);
    r = range_f32(1.0f, -1.0f, -0.5f);
    cr_assert_eq(r->shape[0], 4);
    cr_assert_eq(AT(float, r, 3), -0.5f);
    ig_release(r);
    r = range_f32(1.0f, 1.0f, 0.5f);
    cr_assert_eq(r->shape[0], 0);
    ig_release(r);
    IgTensor *s = scalar_f64(0.5), *l = scalar_f64(2.0), *d = scalar_f64(0.5);
    r = ig_range(NULL, IG_FLOAT64, s, l, d);
    cr_assert_eq(r->shape[0], 3);
    cr_assert_eq(AT(double, r, 2), 1.5);
    ig_release(s), ig_release(l), ig_release(d), ig_release(r);
}

Test(range, zero_delta_is_an_error, .exit_code = 1)
{
    static IgSite site = IG_SITE("loop.py", 4);
    expect_fatal("loop.py:4: error: range: delta must not be zero\n");
    IgTensor *s = scalar_i32(0), *l = scalar_i32(3), *d = scalar_i32(0);
    ig_range(&site, IG_INT32, s, l, d);
}

/* TensorFlow refuses a range running away from its limit instead of making it empty. */
Test(range, wrong_direction_is_an_error, .exit_code = 1)
{
    static IgSite site = IG_SITE("loop.py", 6);
    expect_fatal("loop.py:6: error: range: requires start <= limit when delta > 0: 5/0\n");
    IgTensor *s = scalar_i32(5), *l = scalar_i32(0), *d = scalar_i32(1);
    ig_range(&site, IG_INT32, s, l, d);
}

Test(range, wrong_direction_float_is_an_error, .exit_code = 1)
{
    static IgSite site = IG_SITE("loop.py", 7);
    expect_fatal("loop.py:7: error: range: requires start >= limit when delta < 0: 0/1\n");
    IgTensor *s = scalar_f64(0.0), *l = scalar_f64(1.0), *d = scalar_f64(-0.5);
    ig_range(&site, IG_FLOAT64, s, l, d);
}

Test(cast, float_to_int_truncates_toward_zero)
{
    IgTensor *x = F32(1, SHAPE(6), 2.7f, -2.7f, 0.5f, -0.5f, 100.0f, -1e10f);
    IgTensor *i = ig_cast(NULL, x, IG_INT32);
    IgTensor *l = ig_cast(NULL, x, IG_INT64);
    const int32_t want[] = {2, -2, 0, 0, 100, INT32_MIN}; /* out of range: x86's INT_MIN */
    for (int k = 0; k < 6; k++) cr_assert_eq(AT(int32_t, i, k), want[k]);
    cr_assert_eq(AT(int64_t, l, 1), -2);
    cr_assert_eq(AT(int64_t, l, 5), -10000000000LL);
    ig_release(x), ig_release(i), ig_release(l);
}

Test(cast, to_and_from_bool)
{
    IgTensor *x = F64(1, SHAPE(4), 0.0, -0.0, 0.25, NAN);
    IgTensor *b = ig_cast(NULL, x, IG_BOOL);
    cr_assert_eq(b->dtype, IG_BOOL);
    cr_assert_eq(AT(uint8_t, b, 0), 0);
    cr_assert_eq(AT(uint8_t, b, 1), 0);
    cr_assert_eq(AT(uint8_t, b, 2), 1);
    cr_assert_eq(AT(uint8_t, b, 3), 1);
    IgTensor *raw = BOOLS(1, SHAPE(3), 0, 1, 7); /* any nonzero byte is true */
    IgTensor *f = ig_cast(NULL, raw, IG_FLOAT32);
    IgTensor *i = ig_cast(NULL, raw, IG_INT64);
    cr_assert_eq(AT(float, f, 0), 0.0f);
    cr_assert_eq(AT(float, f, 1), 1.0f);
    cr_assert_eq(AT(float, f, 2), 1.0f);
    cr_assert_eq(AT(int64_t, i, 2), 1);
    ig_release(x), ig_release(b), ig_release(raw), ig_release(f), ig_release(i);
}

Test(cast, between_numbers)
{
    IgTensor *x = I64(1, SHAPE(3), 4294967297LL, -1, 3);
    IgTensor *i = ig_cast(NULL, x, IG_INT32);
    cr_assert_eq(AT(int32_t, i, 0), 1); /* wraps modulo 2^32 */
    cr_assert_eq(AT(int32_t, i, 1), -1);
    IgTensor *d = ig_cast(NULL, i, IG_FLOAT64);
    cr_assert_eq(AT(double, d, 2), 3.0);
    IgTensor *f = ig_cast(NULL, d, IG_FLOAT32);
    cr_assert_eq(AT(float, f, 1), -1.0f);
    IgTensor *e = ig_fill(NULL, IG_INT32, 1, SHAPE(0), 0);
    IgTensor *z = ig_cast(NULL, e, IG_FLOAT32);
    cr_assert_eq(z->size, 0);
    cr_assert_eq(z->dtype, IG_FLOAT32);
    ig_release(x), ig_release(i), ig_release(d), ig_release(f), ig_release(e), ig_release(z);
}

/* A large constant the emitter writes as runs (emit_c.c): rebuilt element for element,
   cached in its site like ig_constant's. */
Test(create, constant_runs_rebuilds_the_elements, .fini = ig_runtime_shutdown)
{
    static IgSite site = IG_SITE("c.py", 4);
    const int64_t lengths[] = {2, 1, 3};
    const float values[] = {-0.0f, 7.5f, 1.0f};
    IgTensor *t = ig_constant_runs(&site, IG_FLOAT32, 2, SHAPE(2, 3), 3, lengths, values);
    const float want[] = {-0.0f, -0.0f, 7.5f, 1.0f, 1.0f, 1.0f};
    cr_assert_eq(t->size, 6);
    cr_assert_eq(memcmp(t->data, want, sizeof want), 0);
    cr_assert_eq(ig_constant_runs(&site, IG_FLOAT32, 2, SHAPE(2, 3), 3, lengths, values), t);
    cr_assert(t->refcount < 0, "immortal, owned by its site");
}
