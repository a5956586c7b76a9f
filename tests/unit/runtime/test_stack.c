/* test_stack.c — ig_stack_push, the accumulator of a while loop's gradient: rows in
 * order for every dtype, an empty stack taking its first row's shape, empty rows as
 * zero placeholders, growth in place only when nobody else holds the stack (value
 * semantics kept otherwise), and the error for a row of another shape. */
#include "rt_test.h"

TestSuite(stack, .fini = ig_runtime_shutdown);

static const IgDType k_dtypes[] = {IG_BOOL, IG_INT32, IG_INT64, IG_FLOAT32, IG_FLOAT64};

/* A [2,3] row whose every byte says which row k it is. */
static IgTensor *row(IgDType dt, int k)
{
    IgTensor *t = ig_tensor_new(dt, 2, SHAPE(2, 3));
    memset(t->data, k + 1, (size_t)t->size * ig_dtype_size(dt));
    return t;
}

Test(stack, rows_in_order_for_every_dtype)
{
    for (size_t d = 0; d < sizeof k_dtypes / sizeof k_dtypes[0]; d++) {
        IgDType dt = k_dtypes[d];
        IgTensor *stack = ig_tensor_new(dt, 3, SHAPE(0, 0, 0)); /* row dims not known yet */
        for (int k = 0; k < 37; k++) {
            IgTensor *x = row(dt, k);
            IgTensor *next = ig_stack_push(NULL, stack, x);
            ig_release(stack);
            ig_release(x);
            stack = next;
        }
        cr_assert(ig_shape_equal(stack->rank, stack->shape, 3, SHAPE(37, 2, 3)));
        cr_assert_eq(stack->size, 37 * 6);
        size_t row_bytes = 6 * ig_dtype_size(dt);
        for (int k = 0; k < 37; k++)
            for (size_t b = 0; b < row_bytes; b++)
                cr_assert_eq(((unsigned char *)stack->data)[(size_t)k * row_bytes + b], k + 1,
                             "%s row %d", ig_dtype_name(dt), k);
        cr_assert_eq(stack->refcount, 1);
        ig_release(stack);
    }
}

Test(stack, grows_in_place_when_it_is_the_only_holder)
{
    IgTensor *stack = ig_tensor_new(IG_FLOAT32, 1, SHAPE(0));
    IgTensor *x = scalar_f32(2.5f);
    IgTensor *first = ig_stack_push(NULL, stack, x); /* a new buffer with room to grow */
    ig_release(stack);
    IgTensor *second = ig_stack_push(NULL, first, x);
    cr_assert_eq(second, first, "a stack only the loop holds grows where it is");
    cr_assert_eq(second->refcount, 2);
    ig_release(first);
    cr_assert_eq(second->shape[0], 2);
    ig_release(second);
    ig_release(x);
}

Test(stack, a_shared_stack_is_copied_and_keeps_its_value)
{
    IgTensor *stack = F32(1, SHAPE(2), 1.0f, 2.0f);
    ig_retain(stack); /* someone else holds it too */
    IgTensor *x = scalar_f32(3.0f);
    IgTensor *more = ig_stack_push(NULL, stack, x);
    cr_assert_neq(more, stack);
    cr_assert_eq(stack->shape[0], 2, "the shared stack is unchanged");
    cr_assert_eq(more->shape[0], 3);
    cr_assert_eq(AT(float, more, 0), 1.0f);
    cr_assert_eq(AT(float, more, 2), 3.0f);
    ig_release(more);
    ig_release(stack);
    ig_release(stack);
    ig_release(x);
}

Test(stack, a_row_of_another_shape_is_an_error, .exit_code = 1)
{
    static IgSite site = IG_SITE("loop.py", 7);
    IgTensor *stack = F32(2, SHAPE(1, 2), 1.0f, 2.0f);
    IgTensor *x = F32(1, SHAPE(3), 1.0f, 2.0f, 3.0f);
    expect_fatal("loop.py:7: error: not supported yet: the gradient of a while loop whose "
                 "value changes shape between iterations (shape [2], then [3])\n");
    ig_stack_push(&site, stack, x);
}

/* A cond's untaken branch exports an empty placeholder when dims are known only at run
 * time: an empty row on a stack of [2]-rows stands for zeros, and empty rows already
 * on the stack become zeros when the first real row comes. */
Test(stack, empty_rows_are_zero_placeholders)
{
    IgTensor *stack = ig_tensor_new(IG_FLOAT32, 2, SHAPE(0, 0));
    IgTensor *empty = ig_tensor_new(IG_FLOAT32, 1, SHAPE(0));
    IgTensor *real = F32(1, SHAPE(2), 1.5f, -2.0f);
    const IgTensor *order[4] = {empty, real, empty, real};
    for (int k = 0; k < 4; k++) {
        IgTensor *next = ig_stack_push(NULL, stack, order[k]);
        ig_release(stack);
        stack = next;
    }
    cr_assert(ig_shape_equal(stack->rank, stack->shape, 2, SHAPE(4, 2)));
    static const float want[8] = {0, 0, 1.5f, -2.0f, 0, 0, 1.5f, -2.0f};
    for (int i = 0; i < 8; i++) cr_assert_eq(AT(float, stack, i), want[i], "element %d", i);
    ig_release(stack);
    ig_release(empty);
    ig_release(real);
}
