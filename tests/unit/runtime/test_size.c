/* test_size.c — size.c's overflow-checked element counts and byte sizes, and the located
 * error of a tensor too large to allocate (ig_tensor_make). */
#include <stdint.h>

#include "rt_test.h"

TestSuite(size, .fini = ig_runtime_shutdown);

Test(size, mul_checks_overflow)
{
    int64_t r = -7;
    cr_assert(ig_size_mul(1 << 20, 1 << 20, &r));
    cr_assert_eq(r, (int64_t)1 << 40);
    cr_assert(ig_size_mul(0, INT64_MAX, &r));
    cr_assert_eq(r, 0);
    cr_assert(ig_size_mul(INT64_MAX, 1, &r));
    cr_assert_eq(r, INT64_MAX);
    r = 5;
    cr_assert_not(ig_size_mul((int64_t)1 << 32, (int64_t)1 << 31, &r));
    cr_assert_not(ig_size_mul(INT64_MAX, 2, &r));
    cr_assert_not(ig_size_mul(-1, 3, &r)); /* a size is never negative */
    cr_assert_eq(r, 5, "a failed product leaves the result alone");
}

Test(size, count_of_shapes)
{
    int64_t n = -1;
    cr_assert(ig_size_count(0, NULL, &n));
    cr_assert_eq(n, 1, "a scalar has one element");
    cr_assert(ig_size_count(3, SHAPE(2, 3, 4), &n));
    cr_assert_eq(n, 24);
    cr_assert(ig_size_count(2, SHAPE((int64_t)1 << 31, (int64_t)1 << 31), &n));
    cr_assert_eq(n, (int64_t)1 << 62);
    /* [2^62, 4] wraps to 0 in int64 (UBSan: signed overflow) and used to count as empty. */
    cr_assert_not(ig_size_count(2, SHAPE((int64_t)1 << 62, 4), &n));
    cr_assert_not(
        ig_size_count(3, SHAPE((int64_t)1 << 31, (int64_t)1 << 31, (int64_t)1 << 31), &n));
    cr_assert_not(ig_size_count(2, SHAPE(3, -1), &n));
}

Test(size, a_zero_dim_makes_any_shape_empty)
{
    int64_t n = -1;
    cr_assert(ig_size_count(3, SHAPE((int64_t)1 << 40, (int64_t)1 << 20, 0), &n));
    cr_assert_eq(n, 0);
    cr_assert(ig_size_bytes(IG_FLOAT64, 3, SHAPE((int64_t)1 << 40, 0, (int64_t)1 << 20), &n));
    cr_assert_eq(n, 0);
    cr_assert_not(ig_size_empty_too_large(3, SHAPE((int64_t)1 << 40, 0, (int64_t)1 << 20)));
    cr_assert_not(ig_size_empty_too_large(2, SHAPE((int64_t)1 << 40, (int64_t)1 << 40)));
}

/* The kernels compute strides from the other dims of an empty tensor too: those must
   still multiply within an int64, whatever the zero's place. */
Test(size, an_empty_shape_whose_other_dims_overflow_is_refused)
{
    int64_t n = -1;
    cr_assert_not(ig_size_count(3, SHAPE((int64_t)1 << 40, 0, (int64_t)1 << 40), &n));
    cr_assert_not(ig_size_count(3, SHAPE(INT64_MAX, 35, 0), &n));
    cr_assert_not(ig_size_count(3, SHAPE(0, INT64_MAX, 2), &n));
    cr_assert(ig_size_empty_too_large(3, SHAPE(0, INT64_MAX, 2)));
    cr_assert(ig_size_count(2, SHAPE(0, INT64_MAX), &n));
    cr_assert_eq(n, 0);
    cr_assert_float_eq(ig_size_count_approx(3, SHAPE((int64_t)1 << 40, 0, 4)), 4398046511104.0,
                       1.0);
}

Test(size, bytes_are_limited_to_what_a_tensor_may_have)
{
    int64_t b = -1;
    cr_assert(ig_size_bytes(IG_FLOAT32, 2, SHAPE(3, 5), &b));
    cr_assert_eq(b, 60);
    cr_assert(ig_size_bytes(IG_BOOL, 1, SHAPE(IG_MAX_TENSOR_BYTES), &b));
    cr_assert_eq(b, IG_MAX_TENSOR_BYTES, "exactly the limit is allowed");
    cr_assert_not(ig_size_bytes(IG_BOOL, 1, SHAPE(IG_MAX_TENSOR_BYTES + 1), &b));
    cr_assert_not(ig_size_bytes(IG_INT32, 1, SHAPE(IG_MAX_TENSOR_BYTES / 2), &b));
    /* 2^62 elements count, but their 2^64 bytes wrap size_t to 0. */
    cr_assert_not(ig_size_bytes(IG_FLOAT32, 2, SHAPE((int64_t)1 << 31, (int64_t)1 << 31), &b));
    cr_assert_eq(b, IG_MAX_TENSOR_BYTES);
}

Test(size, approximate_count_for_messages)
{
    cr_assert_float_eq(ig_size_count_approx(2, SHAPE((int64_t)1 << 62, 4)), 18446744073709551616.0,
                       1.0);
    cr_assert_float_eq(ig_size_count_approx(0, NULL), 1.0, 0.0);
}

/* Before, the byte size wrapped to 0: a one-block tensor came back and the kernel wrote
 * 2^62 floats into it. */
Test(size, too_large_a_tensor_is_a_located_error, .exit_code = 1)
{
    static IgSite site = IG_SITE("big.py", 7);
    expect_fatal(
        "big.py:7: error: out of memory allocating 1.84e+19 bytes for fill (float32 tensor "
        "of shape [2147483648,2147483648])\n");
    ig_tensor_make(&site, "fill", IG_FLOAT32, 2, SHAPE((int64_t)1 << 31, (int64_t)1 << 31));
}

/* Within the limit but more than a 47-bit user address space maps: malloc says no. */
Test(size, failed_allocation_is_a_located_error, .exit_code = 1)
{
    static IgSite site = IG_SITE("big.py", 9);
    expect_fatal("big.py:9: error: out of memory allocating 140737488355328 bytes for range (int32 "
                 "tensor of shape [35184372088832])\n");
    ig_tensor_make(&site, "range", IG_INT32, 1, SHAPE((int64_t)1 << 45));
}

Test(size, no_site_still_names_the_tensor, .exit_code = 1)
{
    expect_fatal("ingot: error: out of memory allocating 2.31e+18 bytes (bool tensor of shape "
                 "[2305843009213693952])\n");
    ig_tensor_new(IG_BOOL, 1, SHAPE((int64_t)1 << 61));
}
