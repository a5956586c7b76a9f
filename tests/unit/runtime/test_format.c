/* test_format.c — tf.print formatting (TensorFlow's SummarizeValue with print_v2),
 * ig_print output, and the format of run-time errors. */
#include <math.h>

#include "rt_test.h"

TestSuite(format, .fini = ig_runtime_shutdown);
TestSuite(print, .fini = ig_runtime_shutdown);
TestSuite(fatal, .fini = ig_runtime_shutdown);

static void assert_format(IgTensor *t, int summarize, const char *want)
{
    char *got = ig_format_tensor(t, summarize);
    cr_assert_str_eq(got, want);
    free(got);
    ig_release(t);
}

static void assert_elem_f32(float v, const char *want)
{
    char buf[64];
    int n = ig_format_element(buf, sizeof buf, IG_FLOAT32, &v);
    cr_assert_str_eq(buf, want);
    cr_assert_eq(n, (int)strlen(want));
}

static void assert_elem_f64(double v, const char *want)
{
    char buf[64];
    ig_format_element(buf, sizeof buf, IG_FLOAT64, &v);
    cr_assert_str_eq(buf, want);
}

Test(format, scalars)
{
    assert_format(scalar_i32(7), 3, "7");
    assert_format(scalar_i64(-1234567890123LL), 3, "-1234567890123");
    assert_format(scalar_f32(3.5f), 3, "3.5");
    assert_format(scalar_f32(0.1f), 3, "0.1");
    assert_format(scalar_f32(1 / 3.0f), 3, "0.333333343");
    assert_format(scalar_f64(0.1), 3, "0.1");
    assert_format(scalar_f64(1 / 3.0), 3, "0.33333333333333331");
    assert_format(BOOLS(0, NULL, 1), 3, "1");
}

Test(format, float_elements)
{
    assert_elem_f32(1.0f, "1");
    assert_elem_f32(-2.5f, "-2.5");
    assert_elem_f32(100000.0f, "100000");
    assert_elem_f32(1000000.0f, "1e+06");
    assert_elem_f32(1e20f, "1e+20");
    assert_elem_f32(123456789.0f, "123456792");
    assert_elem_f32(1e-5f, "1e-05");
    assert_elem_f32(16777217.0f, "16777216");
    assert_elem_f32(0.0f, "0");
    assert_elem_f32(-0.0f, "-0");
    assert_elem_f32(INFINITY, "inf");
    assert_elem_f32(-INFINITY, "-inf");
    assert_elem_f32(NAN, "nan");
    assert_elem_f32(-NAN, "-nan");
    assert_elem_f64(2.0 / 3.0, "0.66666666666666663");
    assert_elem_f64(1e100, "1e+100");
    assert_elem_f64(0.5, "0.5");
    assert_elem_f64(123456789012345.0, "123456789012345");
}

Test(format, vectors_and_bools)
{
    assert_format(I32(1, SHAPE(3), 1, 2, 3), 3, "[1 2 3]");
    assert_format(F32(1, SHAPE(2), 0.5f, -1.0f), 3, "[0.5 -1]");
    assert_format(BOOLS(1, SHAPE(3), 1, 0, 1), 3, "[1 0 1]");
    assert_format(I64(1, SHAPE(1), 42), 3, "[42]");
}

Test(format, matrices_and_rank_3)
{
    assert_format(I32(2, SHAPE(2, 2), 1, 2, 3, 4), 3, "[[1 2]\n [3 4]]");
    assert_format(I32(2, SHAPE(1, 3), 1, 2, 3), 3, "[[1 2 3]]");
    assert_format(I32(2, SHAPE(3, 1), 1, 2, 3), 3, "[[1]\n [2]\n [3]]");
    assert_format(I32(3, SHAPE(2, 2, 2), 1, 2, 3, 4, 5, 6, 7, 8), 3,
                  "[[[1 2]\n  [3 4]]\n\n [[5 6]\n  [7 8]]]");
}

Test(format, summarised_dimensions)
{
    IgTensor *s = scalar_i32(0), *l = scalar_i32(10), *d = scalar_i32(1);
    assert_format(ig_range(NULL, IG_INT32, s, l, d), 3, "[0 1 2 ... 7 8 9]");
    /* exactly 2*summarize entries: nothing elided */
    assert_format(I32(1, SHAPE(6), 0, 1, 2, 3, 4, 5), 3, "[0 1 2 3 4 5]");
    assert_format(I32(1, SHAPE(7), 0, 1, 2, 3, 4, 5, 6), 3, "[0 1 2 ... 4 5 6]");
    assert_format(I32(1, SHAPE(7), 0, 1, 2, 3, 4, 5, 6), 2, "[0 1 ... 5 6]");
    assert_format(I32(1, SHAPE(7), 0, 1, 2, 3, 4, 5, 6), -1, "[0 1 2 3 4 5 6]");
    ig_release(s), ig_release(l), ig_release(d);

    IgTensor *m = ig_tensor_new(IG_INT32, 2, SHAPE(8, 8));
    for (int i = 0; i < 64; i++) ((int32_t *)m->data)[i] = i;
    assert_format(m, 2, "[[0 1 ... 6 7]\n"
                        " [8 9 ... 14 15]\n"
                        " ...\n"
                        " [48 49 ... 54 55]\n"
                        " [56 57 ... 62 63]]");
    IgTensor *c = ig_tensor_new(IG_INT32, 3, SHAPE(3, 1, 2));
    for (int i = 0; i < 6; i++) ((int32_t *)c->data)[i] = i;
    assert_format(c, 1, "[[[0 1]]\n\n ...\n\n [[4 5]]]");
}

Test(format, empty_tensors)
{
    assert_format(ig_fill(NULL, IG_FLOAT32, 1, SHAPE(0), 0), 3, "[]");
    assert_format(ig_fill(NULL, IG_INT32, 2, SHAPE(0, 3), 0), 3, "[]");
    /* TensorFlow keeps min(summarize, size) = 0 entries per end: only the ellipsis */
    assert_format(ig_fill(NULL, IG_INT32, 2, SHAPE(2, 0), 0), 3, "[\n ...]");
    /* and its bool summariser returns "" when no element is shown */
    assert_format(ig_fill(NULL, IG_BOOL, 1, SHAPE(0), 0), 3, "");
}

Test(format, strings_are_quoted_in_tensors)
{
    static IgSite site = IG_SITE("p.py", 1);
    char *got = ig_format_tensor(ig_string(&site, "a\"b\n"), 3);
    cr_assert_str_eq(got, "\"a\\\"b\\n\"");
    free(got);
}

Test(print, args_sep_end)
{
    static IgSite site = IG_SITE("p.py", 1), str = IG_SITE("p.py", 2);
    FILE *f = tmpfile();
    cr_assert_not_null(f);
    IgTensor *loss = scalar_f32(0.25f), *v = I32(1, SHAPE(2), 1, 2);
    const IgTensor *args[] = {ig_string(&str, "loss:"), loss, v};
    ig_print(&site, f, 3, args, " ", "\n", 3);
    ig_print(&site, f, 2, args + 1, ",", "!", 3);
    ig_print(&site, f, 0, args, " ", "\n", 3);
    rewind(f);
    char buf[128] = {0};
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    cr_assert_str_eq(buf, "loss: 0.25 [1 2]\n0.25,[1 2]!\n");
    fclose(f);
    ig_release(loss), ig_release(v);
}

Test(fatal, message_names_the_line, .exit_code = 1)
{
    static IgSite site = IG_SITE("script.py", 21);
    expect_fatal("script.py:21: error: something went wrong: 42\n");
    ig_fatal(&site, "something went wrong: %d", 42);
}

Test(fatal, without_a_site, .exit_code = 1)
{
    expect_fatal("ingot: error: no site\n");
    ig_fatal(NULL, "no site");
}

Test(fatal, stdout_is_flushed_first, .exit_code = 1)
{
    /* stdout is a file here, so fully buffered: "before" reaches it only if ig_fatal
     * flushes stdout before writing the error. */
    expect_stdout("before");
    expect_fatal("s.py:1: error: boom\n");
    static IgSite site = IG_SITE("s.py", 1);
    printf("before");
    ig_fatal(&site, "boom");
}
