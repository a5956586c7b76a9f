/* slice_spec.h — tf.strided_slice's index arithmetic without the data: from the input
 * shape and the sparse spec (begin/end/strides and the five masks) to the first index,
 * step and count along each input dim and the result's shape, as TensorFlow's
 * ValidateStridedSliceOp computes them. Entry point: ig_slice_spec_compute.
 * Memory owner: none; the caller owns the spec struct and the error buffer. */
#ifndef INGOT_RT_SLICE_SPEC_H
#define INGOT_RT_SLICE_SPEC_H

#include "internal.h"

/* Masks are 32-bit sets over spec entries, so a spec has at most 31 entries (the 32nd
 * bit is where TensorFlow puts an implicit trailing ellipsis). */
#define IG_SLICE_MAX_SPEC 31

typedef struct IgSliceSpec {
    /* One entry per input dim: element begin[d] + i * stride[d], for i in [0, size[d]),
     * is read along dim d. When size[d] > 0 these are all inside the dim. */
    int rank;
    int64_t begin[IG_MAX_RANK];
    int64_t stride[IG_MAX_RANK];
    int64_t size[IG_MAX_RANK];
    /* The result: the sizes above with shrunk dims removed and new axes (1) added. */
    int out_rank;
    int64_t out_shape[IG_MAX_RANK];
} IgSliceSpec;

/* Fills spec for a slice of an input of the given shape with n spec entries (n <= 
 * IG_SLICE_MAX_SPEC). Returns false with TensorFlow's message in err (e.g. "slice
 * index 5 of dimension 0 out of bounds.") when the spec is invalid for that shape, or
 * when the result would have more than IG_MAX_RANK dims. */
IG_INTERNAL bool ig_slice_spec_compute(int rank, const int64_t *shape, int n, const int64_t *begin,
                                       const int64_t *end, const int64_t *strides, int begin_mask,
                                       int end_mask, int ellipsis_mask, int new_axis_mask,
                                       int shrink_axis_mask, IgSliceSpec *spec, char *err,
                                       size_t errsize);

#endif
