/* stack.c — the accumulator a while loop's forward pass fills for its gradient
 * (TensorFlow's TensorListPushBack): one row per iteration, read back by gather.
 * Entry point: ig_stack_push.
 * Memory owner: results belong to the caller; a stack that only the caller holds is
 * grown in place and handed back with one more reference. */
#include <string.h>

#include "internal.h"

static int64_t row_count(int rank, const int64_t *dims)
{
    int64_t n = 1;
    for (int i = 0; i < rank; i++) n *= dims[i];
    return n;
}

/* The rows' shape the stack keeps after x: x's when the stack is empty or holds only
   empty rows (the placeholders a cond's untaken branch exports when dims are known
   only at run time), else the stack's own; an empty x then stands for a row of
   zeros. Any other row of another shape is fatal. */
static const int64_t *stack_row_shape(IgSite *site, const IgTensor *stack, const IgTensor *x)
{
    if (stack->rank != x->rank + 1 || stack->dtype != x->dtype)
        ig_fatal(site, "stack_push: a %s row of rank %d pushed on a %s stack of rank %d",
                 ig_dtype_name(x->dtype), x->rank, ig_dtype_name(stack->dtype), stack->rank);
    const int64_t *have = stack->shape + 1;
    if (stack->shape[0] == 0 || ig_shape_equal(x->rank, x->shape, x->rank, have)) return x->shape;
    if (row_count(x->rank, have) == 0) return x->shape;
    if (x->size == 0) return have;
    char sx[IG_SHAPE_STR_MAX], ss[IG_SHAPE_STR_MAX];
    ig_shape_str(sx, x->rank, x->shape);
    ig_shape_str(ss, x->rank, have);
    ig_fatal(site,
             "not supported yet: the gradient of a while loop whose value changes shape "
             "between iterations (shape %s, then %s)",
             ss, sx);
}

IgTensor *ig_stack_push(IgSite *site, const IgTensor *stack, const IgTensor *x)
{
    const int64_t *row = stack_row_shape(site, stack, x);
    int rank = x->rank;
    int64_t rows = stack->shape[0], row_size = row_count(rank, row);
    size_t elem = ig_dtype_size(x->dtype), row_bytes = (size_t)row_size * elem;
    size_t used = (size_t)rows * row_bytes;
    bool same_rows = ig_shape_equal(rank, row, rank, stack->shape + 1);
    IgTensor *out;
    if (stack->refcount == 1 && rows > 0 && same_rows &&
        ig_tensor_capacity(stack) >= used + row_bytes) { /* never a wrapped tensor: 0 */
        /* Nobody else sees it: appending changes no value anyone holds. */
        out = (IgTensor *)stack;
        ig_retain(out);
    } else {
        int64_t dims[IG_MAX_RANK];
        dims[0] = rows < 4 ? 4 : 2 * rows; /* room to grow, doubling */
        memcpy(dims + 1, row, sizeof(int64_t) * (size_t)rank);
        out = ig_tensor_make(site, "stack_push", x->dtype, stack->rank, dims);
        if (!same_rows) memset(out->data, 0, used); /* empty rows become zeros */
        else if (used) memcpy(out->data, stack->data, used);
    }
    memmove(out->shape + 1, row, sizeof(int64_t) * (size_t)rank);
    out->shape[0] = rows + 1;
    out->size = (rows + 1) * row_size;
    char *dst = (char *)out->data + used;
    if (x->size == row_size) memcpy(dst, x->data, row_bytes);
    else memset(dst, 0, row_bytes); /* an empty x standing for zeros */
    return out;
}
