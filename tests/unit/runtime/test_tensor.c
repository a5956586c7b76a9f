/* test_tensor.c — tensor allocation, refcounting, dtype helpers, constants, fill. */
#include <math.h>
#include <stdint.h>

#include "rt_test.h"

TestSuite(tensor, .fini = ig_runtime_shutdown);

Test(tensor, new_is_aligned_and_sized)
{
    IgTensor *t = ig_tensor_new(IG_FLOAT32, 2, SHAPE(3, 5));
    cr_assert_eq(t->rank, 2);
    cr_assert_eq(t->size, 15);
    cr_assert_eq(t->refcount, 1);
    cr_assert_eq((uintptr_t)t->data % IG_ALIGNMENT, 0);
    ((float *)t->data)[14] = 1.0f; /* the whole buffer is writable */
    ig_release(t);
}

/* A large block released is handed to the next tensor of the same size (its pages
   are mapped already); one of another size gets memory of its own. */
Test(tensor, large_blocks_are_reused_by_size, .fini = ig_runtime_shutdown)
{
    int64_t big[2] = {1024, 1024}, other[2] = {1024, 1000};
    IgTensor *a = ig_tensor_new(IG_FLOAT32, 2, big);
    void *data = a->data;
    ig_release(a);
    IgTensor *b = ig_tensor_new(IG_FLOAT32, 2, big);
    cr_assert_eq(b->data, data);
    IgTensor *c = ig_tensor_new(IG_FLOAT32, 2, other);
    cr_assert_neq(c->data, data);
    cr_assert_eq(c->size, 1024 * 1000);
    ig_release(b);
    ig_release(c);
}

Test(tensor, size_zero_and_scalar)
{
    IgTensor *z = ig_tensor_new(IG_INT64, 3, SHAPE(2, 0, 4));
    cr_assert_eq(z->size, 0);
    cr_assert_not_null(z->data);
    cr_assert_eq((uintptr_t)z->data % IG_ALIGNMENT, 0);
    IgTensor *s = ig_tensor_new(IG_FLOAT64, 0, NULL);
    cr_assert_eq(s->size, 1);
    cr_assert_eq(s->rank, 0);
    ig_release(z);
    ig_release(s);
}

Test(tensor, retain_release)
{
    IgTensor *t = ig_tensor_new(IG_INT32, 1, SHAPE(4));
    ig_retain(t);
    cr_assert_eq(t->refcount, 2);
    ig_release(t);
    cr_assert_eq(t->refcount, 1);
    ig_release(t); /* freed: ASan would flag a leak otherwise */
    ig_release(NULL);
}

Test(tensor, dtype_helpers)
{
    cr_assert_eq(ig_dtype_size(IG_BOOL), 1);
    cr_assert_eq(ig_dtype_size(IG_INT32), 4);
    cr_assert_eq(ig_dtype_size(IG_INT64), 8);
    cr_assert_eq(ig_dtype_size(IG_FLOAT32), 4);
    cr_assert_eq(ig_dtype_size(IG_FLOAT64), 8);
    cr_assert_str_eq(ig_dtype_name(IG_BOOL), "bool");
    cr_assert_str_eq(ig_dtype_name(IG_INT32), "int32");
    cr_assert_str_eq(ig_dtype_name(IG_INT64), "int64");
    cr_assert_str_eq(ig_dtype_name(IG_FLOAT32), "float32");
    cr_assert_str_eq(ig_dtype_name(IG_FLOAT64), "float64");
    cr_assert_str_eq(ig_dtype_name(IG_STRING), "string");
}

Test(tensor, constant_is_cached_and_immortal)
{
    static IgSite site = IG_SITE("t.py", 1);
    const float data[] = {1.5f, -2.0f, 3.25f};
    IgTensor *c1 = ig_constant(&site, IG_FLOAT32, 1, SHAPE(3), data);
    IgTensor *c2 = ig_constant(&site, IG_FLOAT32, 1, SHAPE(3), data);
    cr_assert_eq(c1, c2);
    cr_assert_lt(c1->refcount, 0);
    cr_assert_eq(AT(float, c1, 2), 3.25f);
    ig_release(c1); /* no-op */
    ig_retain(c1);  /* no-op */
    cr_assert_eq(c1->refcount, c2->refcount);
    cr_assert_eq(AT(float, c2, 0), 1.5f);
    cr_assert_eq(site.cache != NULL, true);
    ig_runtime_shutdown();
    cr_assert_null(site.cache);
}

Test(tensor, constant_size_zero)
{
    static IgSite site = IG_SITE("t.py", 1);
    IgTensor *c = ig_constant(&site, IG_INT32, 2, SHAPE(0, 3), NULL);
    cr_assert_eq(c->size, 0);
    cr_assert_eq(c->shape[1], 3);
}

Test(tensor, string_is_cached)
{
    static IgSite site = IG_SITE("t.py", 2);
    IgTensor *s1 = ig_string(&site, "loss:");
    IgTensor *s2 = ig_string(&site, "loss:");
    cr_assert_eq(s1, s2);
    cr_assert_eq(s1->dtype, IG_STRING);
    cr_assert_eq(s1->rank, 0);
    cr_assert_str_eq((const char *)s1->data, "loss:");
}

Test(tensor, site_release_frees_one_site)
{
    static IgSite a = IG_SITE("t.py", 1), b = IG_SITE("t.py", 2);
    ig_string(&a, "a");
    ig_string(&b, "b");
    ig_site_release(&a);
    cr_assert_null(a.cache);
    cr_assert_not_null(b.cache);
    IgTensor *again = ig_string(&a, "c"); /* the site can be used afresh */
    cr_assert_str_eq((const char *)again->data, "c");
}

Test(tensor, fill_every_dtype)
{
    IgTensor *f = ig_fill(NULL, IG_FLOAT32, 2, SHAPE(2, 3), 0.5);
    IgTensor *d = ig_fill(NULL, IG_FLOAT64, 1, SHAPE(2), -1.25);
    IgTensor *i = ig_fill(NULL, IG_INT32, 1, SHAPE(3), 7);
    IgTensor *l = ig_fill(NULL, IG_INT64, 0, NULL, -9);
    IgTensor *b = ig_fill(NULL, IG_BOOL, 1, SHAPE(2), 1);
    IgTensor *z = ig_fill(NULL, IG_FLOAT32, 2, SHAPE(0, 3), 1);
    for (int k = 0; k < 6; k++) cr_assert_eq(AT(float, f, k), 0.5f);
    cr_assert_eq(AT(double, d, 1), -1.25);
    cr_assert_eq(AT(int32_t, i, 2), 7);
    cr_assert_eq(AT(int64_t, l, 0), -9);
    cr_assert_eq(AT(uint8_t, b, 1), 1);
    cr_assert_eq(z->size, 0);
    ig_release(f), ig_release(d), ig_release(i), ig_release(l), ig_release(b), ig_release(z);
}
