/* truth.c — what control flow asks of a tensor: the truth of a predicate. The
 * emitted C for cond/while calls it once per branch decision or loop test.
 * Entry point: ig_truth. Memory owner: none; the tensor stays the caller's. */
#include "internal.h"

bool ig_truth(const IgTensor *t, IgSite *site)
{
    /* TensorFlow accepts any single-element bool tensor as a predicate, whatever its
     * rank; the compiler only makes scalars, so the check is for eager callers. */
    if (t->dtype != IG_BOOL || t->size != 1) {
        char shape[IG_SHAPE_STR_MAX];
        ig_fatal(site, "the condition must be a bool tensor with one element, got %s of shape %s",
                 ig_dtype_name(t->dtype), ig_shape_str(shape, t->rank, t->shape));
    }
    return ((const uint8_t *)t->data)[0] != 0;
}
