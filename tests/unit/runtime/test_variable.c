/* test_variable.c — tf.Variable at run time: init, read (a new reference), assign
 * (pointer swap), assign_add/sub (a new tensor, so earlier reads keep their value),
 * release, and the run-time errors that name the script line. */
#include "rt_test.h"

/* A computed tensor (refcount 1), unlike an immortal constant, so a missing retain or
 * an extra release shows (ASan, the refcount itself). */
static IgTensor *vec_f32(float a, float b)
{
    return F32(1, SHAPE(2), a, b);
}

Test(variable, init_and_read_share_the_value)
{
    IgVar v = IG_VAR("w");
    IgTensor *t = vec_f32(1, 2);
    ig_var_init(&v, t);
    cr_assert_eq(t->refcount, 2);
    ig_release(t);
    IgTensor *r = ig_var_read(NULL, &v);
    cr_assert_eq(r, v.value);
    cr_assert_eq(r->refcount, 2);
    ig_release(r);
    ig_var_release(&v);
    cr_assert_null(v.value);
    ig_var_release(&v); /* twice is harmless */
}

Test(variable, assign_swaps_the_pointer)
{
    IgVar v = IG_VAR("w");
    IgTensor *a = vec_f32(1, 2), *b = vec_f32(3, 4);
    ig_var_init(&v, a);
    IgTensor *before = ig_var_read(NULL, &v);
    ig_var_assign(NULL, &v, b);
    cr_assert_eq(v.value, b);
    cr_assert_eq(b->refcount, 2);
    cr_assert_eq(a->refcount, 2); /* ours and before's */
    cr_assert_float_eq(AT(float, before, 1), 2.0f, 0);
    ig_release(before);
    ig_release(a);
    /* Assigning the current value to itself must not free it on the way. */
    ig_var_assign(NULL, &v, v.value);
    cr_assert_eq(b->refcount, 2);
    ig_release(b);
    ig_var_release(&v);
}

Test(variable, assign_add_and_sub_make_new_tensors)
{
    IgVar v = IG_VAR("w");
    IgTensor *a = vec_f32(1, 2), *d = vec_f32(0.5f, 0.25f);
    ig_var_init(&v, a);
    ig_release(a);
    IgTensor *old = ig_var_read(NULL, &v);
    ig_var_assign_add(NULL, &v, d);
    cr_assert_neq(v.value, old);
    cr_assert_float_eq(AT(float, old, 0), 1.0f, 0);
    cr_assert_float_eq(AT(float, v.value, 0), 1.5f, 0);
    cr_assert_float_eq(AT(float, v.value, 1), 2.25f, 0);
    cr_assert_eq(old->refcount, 1); /* the variable let go of it */
    ig_release(old);
    ig_var_assign_sub(NULL, &v, d);
    ig_var_assign_sub(NULL, &v, d);
    cr_assert_float_eq(AT(float, v.value, 0), 0.5f, 0);
    cr_assert_float_eq(AT(float, v.value, 1), 1.75f, 0);
    cr_assert_eq(d->refcount, 1);
    ig_release(d);
    ig_var_release(&v);
}

Test(variable, an_integer_counter_counts)
{
    IgVar v = IG_VAR("counter");
    IgTensor *zero = scalar_i32(0), *one = scalar_i32(1);
    ig_var_init(&v, zero);
    ig_release(zero);
    for (int i = 0; i < 1000; i++) ig_var_assign_add(NULL, &v, one);
    cr_assert_eq(AT(int32_t, v.value, 0), 1000);
    ig_release(one);
    ig_var_release(&v);
}

Test(variable, a_constant_initial_value_is_counted_from)
{
    IgSite site = IG_SITE("seed.py", 3);
    static const int32_t zero[] = {0};
    IgVar v = IG_VAR("counter");
    ig_var_init(&v, ig_constant(&site, IG_INT32, 0, NULL, zero));
    IgTensor *one = scalar_i32(1);
    ig_var_assign_add(NULL, &v, one);
    ig_release(one);
    cr_assert_eq(AT(int32_t, v.value, 0), 1);
    ig_var_release(&v);
    ig_site_release(&site);
}

/* A constant belongs to its site, which may go first (in a library, with the thread
 * whose _Thread_local site it is): a variable given one holds a copy of its own. */
Test(variable, a_constant_is_held_as_a_copy_that_outlives_its_site)
{
    IgSite init_site = IG_SITE("model.py", 3), assign_site = IG_SITE("model.py", 9);
    static const float w0[] = {1, 2}, w1[] = {3, 4};
    IgVar v = IG_VAR("w"), u = IG_VAR("u");
    IgTensor *c0 = ig_constant(&init_site, IG_FLOAT32, 1, SHAPE(2), w0);
    ig_var_init(&v, c0);
    ig_var_initialize(NULL, &u, c0);
    cr_assert_neq(v.value, c0);
    cr_assert_neq(u.value, c0);
    cr_assert_eq(v.value->refcount, 1);
    cr_assert_float_eq(AT(float, v.value, 1), 2.0f, 0);
    cr_assert_float_eq(AT(float, u.value, 0), 1.0f, 0);
    IgTensor *c1 = ig_constant(&assign_site, IG_FLOAT32, 1, SHAPE(2), w1);
    ig_var_assign(NULL, &u, c1);
    cr_assert_neq(u.value, c1);
    cr_assert_eq(u.value->refcount, 1);
    ig_site_release(&init_site);
    ig_site_release(&assign_site);
    IgTensor *r = ig_var_read(NULL, &v);
    cr_assert_float_eq(AT(float, r, 0), 1.0f, 0);
    cr_assert_float_eq(AT(float, u.value, 1), 4.0f, 0);
    ig_release(r);
    ig_var_release(&v);
    ig_var_release(&u);
    assert_no_leaks();
}

Test(variable, assign_with_the_wrong_shape_names_the_line, .exit_code = 1)
{
    IgSite site = IG_SITE("train.py", 12);
    IgVar v = IG_VAR("window");
    ig_var_init(&v, I32(1, SHAPE(3), 0, 0, 0));
    expect_fatal("train.py:12: error: InvalidArgumentError: trying to assign variable 'window' "
                 "with wrong shape: "
                 "expected [3], got [2]\n");
    ig_var_assign(&site, &v, I32(1, SHAPE(2), 1, 2));
}

Test(variable, assign_add_with_the_wrong_shape_names_the_line, .exit_code = 1)
{
    IgSite site = IG_SITE("train.py", 14);
    IgVar v = IG_VAR("w");
    ig_var_init(&v, F32(2, SHAPE(1, 2), 0, 0));
    expect_fatal("train.py:14: error: InvalidArgumentError: cannot update variable 'w' with shape "
                 "[1,2] using a "
                 "tensor with shape [2], shapes must be equal\n");
    ig_var_assign_add(&site, &v, vec_f32(1, 1));
}

Test(variable, assign_sub_with_the_wrong_dtype_names_the_line, .exit_code = 1)
{
    IgSite site = IG_SITE("train.py", 15);
    IgVar v = IG_VAR("steps");
    ig_var_init(&v, scalar_i32(0));
    expect_fatal("train.py:15: error: InvalidArgumentError: variable 'steps' is int32, cannot "
                 "update it with a "
                 "float32 tensor\n");
    ig_var_assign_sub(&site, &v, scalar_f32(1));
}
