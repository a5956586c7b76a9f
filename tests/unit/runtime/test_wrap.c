/* test_wrap.c — ig_tensor_wrap, a tensor over its caller's memory (a library's input
 * arrays): used without a copy, never freed, never written over (donation, a stack's
 * growth in place), read by the loops and by oneDNN at its element type's alignment
 * only, and freed as a header alone, also when a trap abandons the call. */
#include <setjmp.h>

#include "rt_test.h"

TestSuite(wrap, .fini = ig_runtime_shutdown);

Test(wrap, the_tensor_reads_the_callers_memory_and_releasing_it_keeps_it)
{
    float data[3] = {1, 2, 3};
    IgTensor *x = ig_tensor_wrap(IG_FLOAT32, 1, SHAPE(3), data);
    cr_assert_eq(x->data, (void *)data);
    cr_assert_eq(x->size, 3);
    cr_assert_eq(x->refcount, 1);
    cr_assert_eq(ig_tensor_capacity(x), 0);
    IgTensor *y = ig_mul(NULL, x, x);
    cr_assert_float_eq(AT(float, y, 2), 9.0f, 0);
    ig_release(y);
    ig_release(x); /* frees the header only: data is on this stack (ASan would see it) */
    cr_assert_float_eq(data[2], 3.0f, 0);
}

Test(wrap, a_donated_wrapped_tensor_is_never_written_over)
{
    float data[4] = {1, -2, 3, -4};
    IgTensor *x = ig_tensor_wrap(IG_FLOAT32, 1, SHAPE(4), data), *one = F32(0, NULL, 1);
    IgTensor *sum = ig_add(NULL, ig_donate(x), one);
    IgTensor *neg = ig_neg(NULL, ig_donate(x));
    IgTensor *relu = ig_relu(NULL, ig_donate(x));
    cr_assert_neq(sum, x);
    cr_assert_neq(neg, x);
    cr_assert_neq(relu, x);
    cr_assert_float_eq(AT(float, sum, 1), -1.0f, 0);
    cr_assert_float_eq(AT(float, neg, 0), -1.0f, 0);
    cr_assert_float_eq(AT(float, relu, 3), 0.0f, 0);
    for (int i = 0; i < 4; i++) cr_assert_float_eq(data[i], (i % 2 ? -1.0f : 1.0f) * (i + 1), 0);
    ig_release(sum), ig_release(neg), ig_release(relu), ig_release(one), ig_release(x);
}

Test(wrap, a_wrapped_stack_grows_into_a_copy)
{
    float rows[4][2] = {{1, 2}, {3, 4}}; /* two rows used, room for two more */
    IgTensor *stack = ig_tensor_wrap(IG_FLOAT32, 2, SHAPE(2, 2), rows);
    IgTensor *x = F32(1, SHAPE(2), 5, 6);
    IgTensor *next = ig_stack_push(NULL, stack, x);
    cr_assert_neq(next, stack);
    cr_assert_eq(next->shape[0], 3);
    cr_assert_float_eq(AT(float, next, 4), 5.0f, 0);
    cr_assert_float_eq(rows[2][0], 0.0f, 0);
    ig_release(next), ig_release(x), ig_release(stack);
}

/* Only float alignment (4 bytes, not IG_ALIGNMENT): the loops and oneDNN's primitives
 * (a large relu, a matrix product) read it all the same. */
Test(wrap, data_aligned_for_its_element_type_only)
{
    enum { N = IG_DNNL_MIN_ELEMENTS };
    float *buf = malloc((N + 1) * sizeof *buf);
    cr_assert_not_null(buf);
    for (int i = 0; i <= N; i++) buf[i] = (float)(i % 7) - 3;
    float *odd = buf + 1; /* 4 bytes past malloc's 16-byte alignment */
    IgTensor *x = ig_tensor_wrap(IG_FLOAT32, 1, SHAPE(N), odd);
    IgTensor *r = ig_relu(NULL, x);
    for (int i = 0; i < N; i += 997)
        cr_assert_float_eq(AT(float, r, i), odd[i] > 0 ? odd[i] : 0, 0);
    IgTensor *a = ig_tensor_wrap(IG_FLOAT32, 2, SHAPE(256, 256), odd);
    IgTensor *ones = ig_fill(NULL, IG_FLOAT32, 2, SHAPE(256, 1), 1.0);
    IgTensor *rowsum = ig_matmul(NULL, a, ones, false, false);
    for (int i = 0; i < 256; i += 51) {
        float want = 0;
        for (int j = 0; j < 256; j++) want += odd[i * 256 + j];
        cr_assert_float_eq(AT(float, rowsum, i), want, 1e-3f, "row %d", i);
    }
    ig_release(x), ig_release(r), ig_release(a), ig_release(ones), ig_release(rowsum);
    free(buf);
}

Test(wrap, an_empty_tensor_may_have_no_data)
{
    IgTensor *x = ig_tensor_wrap(IG_INT64, 2, SHAPE(0, 3), NULL);
    cr_assert_eq(x->size, 0);
    cr_assert_not_null(x->data); /* kernels and memcpy prefer a pointer */
    IgTensor *y = ig_add(NULL, x, x);
    cr_assert_eq(y->size, 0);
    ig_release(y), ig_release(x);
}

/* A library call wraps its inputs under its trap: an error frees the wrappers (and
 * LeakSanitizer sees no header left), never the caller's arrays. */
Test(wrap, a_trap_frees_the_wrapper_not_the_data)
{
    static IgSite site = IG_SITE("lib.py", 2);
    int64_t idx[2] = {0, 9};
    float params[3] = {1, 2, 3};
    IgTrap trap;
    if (setjmp(trap.env) != 0) {
        ig_trap_release_tensors(&trap, NULL, 0);
        ig_trap_leave(&trap);
        cr_assert_str_eq(trap.message, "lib.py:2: error: indices[1] = 9 is not in [0, 3)");
        cr_assert_eq(idx[1], 9);
        cr_assert_float_eq(params[2], 3.0f, 0);
        assert_no_leaks();
        return;
    }
    ig_trap_enter(&trap);
    IgTensor *p = ig_tensor_wrap(IG_FLOAT32, 1, SHAPE(3), params);
    IgTensor *i = ig_tensor_wrap(IG_INT64, 1, SHAPE(2), idx);
    ig_gather(&site, p, i, 0);
    cr_assert_fail("gather returned");
}

Test(wrap, too_many_elements_is_a_run_time_error, .exit_code = 1)
{
    static float one;
    expect_fatal("ingot: error: wrap: not supported yet: the empty shape "
                 "[0,4611686018427387904,4], whose other dims multiply past an int64 (the "
                 "kernels' strides would overflow)\n");
    ig_tensor_wrap(IG_FLOAT32, 3, SHAPE(0, (int64_t)1 << 62, 4), &one);
}
