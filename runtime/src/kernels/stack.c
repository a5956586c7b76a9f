/* stack.c — the accumulator a while loop's forward pass fills for its gradient
 * (TensorFlow's TensorListPushBack): one row per iteration, read back by gather.
 * Entry point: ig_stack_push.
 * Memory owner: results belong to the caller; a stack that only the caller holds is
 * grown in place and handed back with one more reference. */
#include <string.h>

#include "internal.h"

/* The rows' shape of stack: x's shape when the stack is empty (its rows' dims are only
   known once one is pushed), else the stack's own; a row of another shape is fatal. */
static void stack_check_row(IgSite *site, const IgTensor *stack, const IgTensor *x)
{
    if (stack->rank != x->rank + 1 || stack->dtype != x->dtype)
        ig_fatal(site, "stack_push: a %s row of rank %d pushed on a %s stack of rank %d",
                 ig_dtype_name(x->dtype), x->rank, ig_dtype_name(stack->dtype), stack->rank);
    if (stack->shape[0] == 0) return;
    if (!ig_shape_equal(x->rank, x->shape, stack->rank - 1, stack->shape + 1)) {
        char sx[IG_SHAPE_STR_MAX], ss[IG_SHAPE_STR_MAX];
        ig_shape_str(sx, x->rank, x->shape);
        ig_shape_str(ss, stack->rank - 1, stack->shape + 1);
        ig_fatal(site,
                 "not supported yet: the gradient of a while loop whose value changes shape "
                 "between iterations (shape %s, then %s)",
                 ss, sx);
    }
}

IgTensor *ig_stack_push(IgSite *site, const IgTensor *stack, const IgTensor *x)
{
    stack_check_row(site, stack, x);
    size_t row_bytes = (size_t)x->size * ig_dtype_size(x->dtype);
    int64_t rows = stack->shape[0];
    size_t used = (size_t)rows * row_bytes;
    IgTensor *out;
    if (stack->refcount == 1 && stack->shape[0] > 0 &&
        ig_tensor_capacity(stack) - used >= row_bytes) {
        /* Nobody else sees it: appending changes no value anyone holds. */
        out = (IgTensor *)stack;
        ig_retain(out);
    } else {
        int64_t dims[IG_MAX_RANK];
        dims[0] = rows < 4 ? 4 : 2 * rows; /* room to grow, doubling */
        memcpy(dims + 1, x->shape, sizeof(int64_t) * (size_t)x->rank);
        out = ig_tensor_make(site, "stack_push", x->dtype, stack->rank, dims);
        if (used) memcpy(out->data, stack->data, used);
    }
    memcpy(out->shape + 1, x->shape, sizeof(int64_t) * (size_t)x->rank);
    out->shape[0] = rows + 1;
    out->size = (rows + 1) * x->size;
    if (row_bytes) memcpy((char *)out->data + used, x->data, row_bytes);
    return out;
}
