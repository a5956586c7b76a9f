/* array.c — the shape kernels: reshape, expand_dims and squeeze (a new shape over a
 * copy of the same elements), and tile and broadcast_to (strided views with repeating
 * dims, materialised by ig_view_copy). Checks and messages follow TensorFlow's CPU
 * kernels (reshape_op.h, squeeze_op.h, tile_ops.cc, broadcast_to_op.cc).
 * Entry points: ig_reshape, ig_expand_dims, ig_squeeze, ig_tile, ig_broadcast_to.
 * Memory owner: results belong to the caller. */
#include <string.h>

#include "layout.h"

/* A new tensor of the given shape holding a copy of x's elements (same count), made by
 * op at site. */
static IgTensor *array_copy_as(IgSite *site, const char *op, const IgTensor *x, int rank,
                               const int64_t *shape)
{
    IgTensor *out = ig_tensor_make(site, op, x->dtype, rank, shape);
    IG_RT_ASSERT(out->size == x->size);
    if (x->size > 0) memcpy(out->data, x->data, (size_t)x->size * ig_dtype_size(x->dtype));
    return out;
}

/* The dims a shape argument asks for: an int32/int64 vector (or, as TensorFlow still
 * accepts, a scalar standing for a one-entry vector). Returns how many. */
static int array_read_shape(IgSite *site, const char *op, const IgTensor *shape, int64_t *dims)
{
    if (shape->rank > 1) {
        char s[IG_SHAPE_STR_MAX];
        ig_fatal(site, "%s: the shape must be a vector, got shape %s", op,
                 ig_shape_str(s, shape->rank, shape->shape));
    }
    if (shape->size > IG_MAX_RANK) ig_fatal_rank(site, op, shape->size);
    for (int64_t i = 0; i < shape->size; i++) dims[i] = ig_int_at(shape, i);
    return (int)shape->size;
}

IgTensor *ig_reshape(IgSite *site, const IgTensor *x, const IgTensor *shape)
{
    int64_t dims[IG_MAX_RANK];
    int rank = array_read_shape(site, "reshape", shape, dims);
    /* TensorFlow leaves zero sizes out of the product, so that [0,-1] can still infer
     * the -1 from the input's non-zero dims. */
    int unknown = -1;
    bool sizes_have_zero = false;
    int64_t known[IG_MAX_RANK]; /* the specified non-zero sizes */
    int nknown = 0;
    for (int d = 0; d < rank; d++) {
        if (dims[d] == -1) {
            if (unknown != -1)
                ig_fatal(site, "Only one input size may be -1, not both %d and %d", unknown, d);
            unknown = d;
        } else if (dims[d] < 0) {
            ig_fatal(site, "Size %d must be non-negative, not %lld", d, (long long)dims[d]);
        } else if (dims[d] == 0) {
            sizes_have_zero = true;
        } else {
            known[nknown++] = dims[d];
        }
    }
    int64_t product = ig_shape_count(site, "reshape", nknown, known);
    if (unknown != -1) {
        int64_t input_count = 1;
        bool input_has_zero = false;
        for (int d = 0; d < x->rank; d++) {
            if (x->shape[d] > 0 || !sizes_have_zero)
                input_count *= x->shape[d];
            else
                input_has_zero = true;
        }
        int64_t missing = input_count / product;
        if (!input_has_zero && missing * product != input_count)
            ig_fatal(site, "Input to reshape is a tensor with %lld values, but the requested "
                     "shape requires a multiple of %lld", (long long)input_count,
                     (long long)product);
        dims[unknown] = missing;
    }
    int64_t count = ig_shape_count(site, "reshape", rank, dims);
    if (count != x->size)
        ig_fatal(site, "Input to reshape is a tensor with %lld values, but the requested shape "
                 "has %lld", (long long)x->size, (long long)count);
    return array_copy_as(site, "reshape", x, rank, dims);
}

IgTensor *ig_expand_dims(IgSite *site, const IgTensor *x, int axis)
{
    IG_RT_ASSERT(axis >= 0 && axis <= x->rank);
    if (x->rank + 1 > IG_MAX_RANK) ig_fatal_rank(site, "expand_dims", x->rank + 1);
    int64_t dims[IG_MAX_RANK];
    for (int d = 0, o = 0; d <= x->rank; d++) {
        if (d == axis) dims[o++] = 1;
        if (d < x->rank) dims[o++] = x->shape[d];
    }
    return array_copy_as(site, "expand_dims", x, x->rank + 1, dims);
}

IgTensor *ig_squeeze(IgSite *site, const IgTensor *x, int naxes, const int *axes)
{
    bool drop[IG_MAX_RANK] = {false};
    for (int i = 0; i < naxes; i++) {
        int a = axes[i];
        IG_RT_ASSERT(a >= 0 && a < x->rank);
        if (x->shape[a] != 1)
            ig_fatal(site, "Can not squeeze dim[%d], expected a dimension of 1, got %lld", a,
                     (long long)x->shape[a]);
        drop[a] = true;
    }
    int64_t dims[IG_MAX_RANK];
    int rank = 0;
    for (int d = 0; d < x->rank; d++) {
        bool squeezed = naxes > 0 ? drop[d] : x->shape[d] == 1;
        if (!squeezed) dims[rank++] = x->shape[d];
    }
    return array_copy_as(site, "squeeze", x, rank, dims);
}

IgTensor *ig_tile(IgSite *site, const IgTensor *x, const IgTensor *multiples)
{
    int64_t len = multiples->rank == 1 ? multiples->shape[0] : multiples->size;
    if (multiples->rank != 1 || len != x->rank)
        ig_fatal(site, "Expected multiples argument to be a vector of length %d but got length "
                 "%lld", x->rank, (long long)len);
    /* out[.., j, ..] = x[.., j mod dim, ..]: dim d is the pair (multiple, dim) with
     * strides (0, x's stride), row-major, so the view's order is the output's. */
    int64_t xstrides[IG_MAX_RANK], dims[IG_MAX_RANK];
    ig_strides_row_major(x->rank, x->shape, xstrides);
    IgView v = {.rank = 2 * x->rank};
    for (int d = 0; d < x->rank; d++) {
        int64_t m = ig_int_at(multiples, d);
        if (m < 0) ig_fatal(site, "Expected multiples[%d] >= 0, but got %lld", d, (long long)m);
        v.shape[2 * d] = m;
        v.stride[2 * d] = 0;
        v.shape[2 * d + 1] = x->shape[d];
        v.stride[2 * d + 1] = xstrides[d];
        if (x->shape[d] > 0 && m > INT64_MAX / x->shape[d]) {
            char s[IG_SHAPE_STR_MAX];
            ig_fatal(site, "tile: %lld copies of shape %s have more elements than fit in 64 bits",
                     (long long)m, ig_shape_str(s, x->rank, x->shape));
        }
        dims[d] = m * x->shape[d];
    }
    ig_shape_count(site, "tile", x->rank, dims);
    IgTensor *out = ig_tensor_make(site, "tile", x->dtype, x->rank, dims);
    if (out->size > 0) ig_view_copy(&v, x->data, out->data, ig_dtype_size(x->dtype));
    return out;
}

IgTensor *ig_identity(IgSite *site, const IgTensor *x)
{
    (void)site;
    IgTensor *same = (IgTensor *)x; /* immutable: sharing it is a copy */
    ig_retain(same);
    return same;
}

IgTensor *ig_sum_to(IgSite *site, const IgTensor *x, const IgTensor *shape)
{
    int64_t dims[IG_MAX_RANK];
    int rank = array_read_shape(site, "sum_to", shape, dims);
    int lead = x->rank - rank;
    bool fits = lead >= 0;
    int axes[IG_MAX_RANK], naxes = 0;
    for (int d = 0; fits && d < x->rank; d++) {
        int64_t want = d < lead ? 1 : dims[d - lead];
        if (d < lead || (want == 1 && x->shape[d] != 1)) axes[naxes++] = d;
        else if (want != x->shape[d]) fits = false;
    }
    if (!fits) {
        char sx[IG_SHAPE_STR_MAX], so[IG_SHAPE_STR_MAX];
        ig_shape_str(sx, x->rank, x->shape);
        ig_shape_str(so, rank, dims);
        ig_fatal(site, "Incompatible shapes: %s cannot be summed to %s", sx, so);
    }
    if (naxes == 0) return ig_reshape(site, x, shape);
    IgTensor *sum = ig_reduce_sum(site, x, naxes, axes, false, true);
    IgTensor *out = ig_reshape(site, sum, shape);
    ig_release(sum);
    return out;
}

IgTensor *ig_broadcast_to(IgSite *site, const IgTensor *x, const IgTensor *shape)
{
    int64_t dims[IG_MAX_RANK];
    int rank = array_read_shape(site, "broadcast_to", shape, dims);
    for (int d = 0; d < rank; d++)
        if (dims[d] < 0) ig_fatal(site, "Dimension %lld must be >= 0", (long long)dims[d]);
    if (x->rank > rank)
        ig_fatal(site, "Rank of input (%d) must be no greater than rank of output shape (%d).",
                 x->rank, rank);
    ig_shape_count(site, "broadcast_to", rank, dims);
    IgTensor *out = ig_tensor_make(site, "broadcast_to", x->dtype, rank, dims);
    if (out->size == 0) return out; /* TensorFlow checks nothing more for an empty result */
    /* TensorFlow's order: the two shapes must broadcast at all, then to the target. */
    IgView v = {.rank = rank};
    int64_t stride = 1;
    bool compatible = true, reaches_target = true;
    for (int d = rank - 1; d >= 0; d--) {
        int xd = d - (rank - x->rank); /* x's own dim, < 0 where x lacks it */
        int64_t have = xd >= 0 ? x->shape[xd] : 1;
        if (have != dims[d] && have != 1 && dims[d] != 1) compatible = false;
        if (have != dims[d] && have != 1) reaches_target = false;
        v.shape[d] = dims[d];
        v.stride[d] = have == 1 ? 0 : stride;
        stride *= have;
    }
    if (!compatible || !reaches_target) {
        char sx[IG_SHAPE_STR_MAX], so[IG_SHAPE_STR_MAX];
        ig_shape_str(sx, x->rank, x->shape);
        ig_shape_str(so, rank, dims);
        ig_release(out);
        if (!compatible) ig_fatal(site, "Incompatible shapes: %s vs. %s", sx, so);
        ig_fatal(site, "Unable to broadcast tensor of shape %s to tensor of shape %s", sx, so);
    }
    ig_view_copy(&v, x->data, out->data, ig_dtype_size(x->dtype));
    return out;
}
