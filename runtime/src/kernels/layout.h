/* layout.h — what the data-movement kernels (array.c, transpose.c, concat.c, slice.c,
 * gather.c) share: a strided view of a buffer and the copy that materialises it, the
 * reading of int32/int64 shape vectors, and oneDNN descriptors for bit-exact moves.
 * Entry points: ig_view_copy, ig_view_coalesce, ig_int_at, ig_dnnl_md_move.
 * Memory owner: none; every buffer is the caller's. */
#ifndef INGOT_RT_LAYOUT_H
#define INGOT_RT_LAYOUT_H

#include "internal.h"

/* tf.tile views each dim as a (multiple, dim) pair, so a view may have twice the rank
 * of a tensor. */
#define IG_VIEW_MAX_RANK (2 * IG_MAX_RANK)

/* Element [i0, i1, ...] of the view is element offset + sum(i_d * stride[d]) of the
 * buffer. Strides count elements; 0 repeats an element (broadcast, tile), a negative
 * one walks backwards (strided_slice). Every element a non-empty view names must be
 * inside the buffer. */
typedef struct IgView {
    int rank;
    int64_t shape[IG_VIEW_MAX_RANK];
    int64_t stride[IG_VIEW_MAX_RANK];
    int64_t offset;
} IgView;

/* Row-major element strides of shape. */
IG_INTERNAL void ig_strides_row_major(int rank, const int64_t *shape, int64_t *strides);

/* Rewrites v to the fewest dims that name the same elements in the same order: drops
 * size-1 dims and merges each dim into the one inside it when they step as one. An
 * empty view becomes [0]; a single element becomes rank 0. */
IG_INTERNAL void ig_view_coalesce(IgView *v);

/* dst, row-major in v's shape, receives the elements v names in src. elem is the
 * element size in bytes (1, 4 or 8). Runs on OpenMP's threads when large. */
IG_INTERNAL void ig_view_copy(const IgView *v, const void *src, void *dst, size_t elem);
/* The reverse: the elements v names in dst receive src, row-major in v's shape. */
IG_INTERNAL void ig_view_scatter(const IgView *v, const void *src, void *dst, size_t elem);

/* Element i of an int32 or int64 tensor, widened (shape vectors, multiples, slices). */
IG_INTERNAL int64_t ig_int_at(const IgTensor *t, int64_t i);

/* The element count of dims (all >= 0), or a run-time error naming op when it does
 * not fit in int64 (a shape argument computed at run time can ask for anything). */
IG_INTERNAL int64_t ig_shape_count(IgSite *site, const char *op, int rank, const int64_t *dims);

/* A run-time error for a result of more than IG_MAX_RANK dims, which TensorFlow allows
 * and Ingot's fixed-size shapes do not. */
IG_INTERNAL _Noreturn void ig_fatal_rank(IgSite *site, const char *op, int64_t rank);

/* A oneDNN memory descriptor for moving elements of dtype bit for bit (reorder, concat):
 * dims and strides (in elements) as given; 8-byte elements, which oneDNN has no
 * data type for, move as pairs of s32 along an extra innermost dim of 2. */
IG_INTERNAL void ig_dnnl_md_move(dnnl_memory_desc_t *md, IgDType dtype, int rank,
                                 const int64_t *dims, const int64_t *strides);

#endif
