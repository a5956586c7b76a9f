/* slice.c — tf.strided_slice: the spec arithmetic (slice_spec.c) gives a first element
 * and a step per input dim, i.e. a strided view of the input, which ig_view_copy
 * materialises. New axes and shrunk dims have size 1, so the view over the input's
 * dims already lists the elements in the result's order.
 * Entry point: ig_strided_slice. Memory owner: the result belongs to the caller. */
#include "layout.h"
#include "slice_spec.h"

/* TensorFlow's check that begin, end and strides are vectors of one length. */
static void slice_check_spec_shapes(IgSite *site, const IgTensor *begin, const IgTensor *end,
                                    const IgTensor *strides)
{
    bool ok = strides->rank == 1 && begin->rank == 1 && end->rank == 1 &&
              begin->size == strides->size && end->size == strides->size &&
              begin->size <= IG_SLICE_MAX_SPEC;
    if (!ok) {
        char sb[IG_SHAPE_STR_MAX], se[IG_SHAPE_STR_MAX], ss[IG_SHAPE_STR_MAX];
        ig_fatal(site, "Expected begin, end, and strides to be 1D equal size tensors, but got "
                 "shapes %s, %s, and %s instead.", ig_shape_str(sb, begin->rank, begin->shape),
                 ig_shape_str(se, end->rank, end->shape),
                 ig_shape_str(ss, strides->rank, strides->shape));
    }
}

/* The view of the slice within a tensor of x_shape (row-major), from the spec. */
static IgView slice_view(int rank, const int64_t *x_shape, const IgSliceSpec *spec)
{
    int64_t xstrides[IG_MAX_RANK];
    ig_strides_row_major(rank, x_shape, xstrides);
    IgView v = {.rank = rank, .offset = 0};
    for (int d = 0; d < rank; d++) {
        v.shape[d] = spec->size[d];
        /* A step only matters with two or more elements, and then it is smaller than
         * the dim: a huge stride of a one-element range must not overflow here. */
        v.stride[d] = spec->size[d] > 1 ? spec->stride[d] * xstrides[d] : 0;
        v.offset += spec->begin[d] * xstrides[d];
    }
    return v;
}

static void slice_spec_or_fatal(IgSite *site, int rank, const int64_t *shape, const IgTensor *begin,
                                const IgTensor *end, const IgTensor *strides, const int masks[5],
                                IgSliceSpec *spec)
{
    slice_check_spec_shapes(site, begin, end, strides);
    int n = (int)strides->size;
    int64_t b[IG_SLICE_MAX_SPEC], e[IG_SLICE_MAX_SPEC], s[IG_SLICE_MAX_SPEC];
    for (int i = 0; i < n; i++) {
        b[i] = ig_int_at(begin, i);
        e[i] = ig_int_at(end, i);
        s[i] = ig_int_at(strides, i);
    }
    char err[256];
    if (!ig_slice_spec_compute(rank, shape, n, b, e, s, masks[0], masks[1], masks[2], masks[3],
                               masks[4], spec, err, sizeof err))
        ig_fatal(site, "%s", err);
}

IgTensor *ig_strided_slice_grad(IgSite *site, const IgTensor *shape, const IgTensor *begin,
                                const IgTensor *end, const IgTensor *strides, const IgTensor *dy,
                                int begin_mask, int end_mask, int ellipsis_mask,
                                int new_axis_mask, int shrink_axis_mask)
{
    int64_t dims[IG_MAX_RANK];
    if (shape->rank != 1 || shape->size > IG_MAX_RANK)
        ig_internal_error(__FILE__, __LINE__, "strided_slice_grad: bad shape");
    int rank = (int)shape->size;
    for (int i = 0; i < rank; i++)
        if ((dims[i] = ig_int_at(shape, i)) < 0)
            ig_fatal(site, "strided_slice_grad: dimension %d of the shape is %lld", i,
                     (long long)dims[i]);
    const int masks[5] = {begin_mask, end_mask, ellipsis_mask, new_axis_mask, shrink_axis_mask};
    IgSliceSpec spec;
    slice_spec_or_fatal(site, rank, dims, begin, end, strides, masks, &spec);
    if (!ig_shape_equal(dy->rank, dy->shape, spec.out_rank, spec.out_shape)) {
        char got[IG_SHAPE_STR_MAX], want[IG_SHAPE_STR_MAX];
        ig_fatal(site, "strided_slice_grad: dy of shape %s is not the slice's shape %s",
                 ig_shape_str(got, dy->rank, dy->shape),
                 ig_shape_str(want, spec.out_rank, spec.out_shape));
    }
    IgTensor *out = ig_fill(site, dy->dtype, rank, dims, 0.0);
    if (dy->size == 0) return out;
    IgView v = slice_view(rank, dims, &spec);
    ig_view_scatter(&v, dy->data, out->data, ig_dtype_size(dy->dtype));
    return out;
}

IgTensor *ig_strided_slice(IgSite *site, const IgTensor *x, const IgTensor *begin,
                           const IgTensor *end, const IgTensor *strides, int begin_mask,
                           int end_mask, int ellipsis_mask, int new_axis_mask,
                           int shrink_axis_mask)
{
    IG_RT_ASSERT(x->dtype != IG_STRING);
    const int masks[5] = {begin_mask, end_mask, ellipsis_mask, new_axis_mask, shrink_axis_mask};
    IgSliceSpec spec;
    slice_spec_or_fatal(site, x->rank, x->shape, begin, end, strides, masks, &spec);
    IgTensor *out = ig_tensor_make(site, "strided_slice", x->dtype, spec.out_rank, spec.out_shape);
    if (out->size == 0) return out;
    IgView v = slice_view(x->rank, x->shape, &spec);
    ig_view_copy(&v, x->data, out->data, ig_dtype_size(x->dtype));
    return out;
}
