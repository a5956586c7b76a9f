/* slice_spec.c — strided_slice's spec arithmetic, step by step as TensorFlow's
 * ValidateStridedSliceOp (core/util/strided_slice_op.cc): expand the sparse spec
 * (with its ellipsis and new axes) into one entry per input dim, canonicalise and
 * clamp each range, then gather the result's shape.
 * Entry point: ig_slice_spec_compute. Memory owner: none. */
#include <stdarg.h>
#include <stdio.h>

#include "slice_spec.h"

/* Markers in the result's shape plan: a dense dim's index, or one of these. */
enum { PLAN_SHRINK = -1, PLAN_NEW_AXIS = -2 };

static bool has_bit(unsigned mask, int i)
{
    return (mask >> i) & 1u;
}

static bool spec_fail(char *err, size_t errsize, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static bool spec_fail(char *err, size_t errsize, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errsize, fmt, ap);
    va_end(ap);
    return false;
}

/* The spec with one entry per input dim: '...' expanded to whole-range entries and new
 * axes moved to the plan, since they read no input dim. */
typedef struct DenseSpec {
    int64_t begin[IG_MAX_RANK], end[IG_MAX_RANK], stride[IG_MAX_RANK];
    unsigned begin_mask, end_mask, shrink_mask; /* bit d: input dim d */
    int nplan;
    int plan[IG_SLICE_MAX_SPEC + 1 + IG_MAX_RANK]; /* per result dim, before shrinking */
} DenseSpec;

static bool spec_densify(int rank, int n, const int64_t *begin, const int64_t *end,
                         const int64_t *strides, unsigned bmask, unsigned emask, unsigned ellipsis,
                         unsigned newaxis, unsigned shrink, DenseSpec *ds, char *err,
                         size_t errsize)
{
    /* New axes after the ellipsis shorten what it stands for. Without an ellipsis
     * there is an implicit one after the last entry. */
    int nsparse = n, new_after_ellipsis = 0;
    bool seen = false;
    for (int i = 0; i < n; i++) {
        if (seen && has_bit(newaxis, i)) new_after_ellipsis++;
        if (has_bit(ellipsis, i)) seen = true;
    }
    if (!seen) ellipsis |= 1u << nsparse++;

    for (int d = 0; d < rank; d++) ds->begin[d] = ds->end[d] = ds->stride[d] = 0;
    ds->begin_mask = ds->end_mask = ds->shrink_mask = 0;
    ds->nplan = 0;
    int full = 0;
    for (int i = 0; i < nsparse; i++) {
        if (has_bit(ellipsis, i)) {
            int next = rank - (nsparse - i) + 1 + new_after_ellipsis;
            if (next > rank) next = rank;
            for (; full < next; full++) {
                ds->stride[full] = 1;
                ds->begin_mask |= 1u << full;
                ds->end_mask |= 1u << full;
                ds->plan[ds->nplan++] = full;
            }
        } else if (has_bit(newaxis, i)) {
            ds->plan[ds->nplan++] = PLAN_NEW_AXIS;
        } else {
            if (full == rank)
                return spec_fail(err, errsize, "Index out of range using input dim %d; input has "
                                 "only %d dims", full, rank);
            ds->begin[full] = begin[i];
            ds->end[full] = end[i];
            ds->stride[full] = strides[i];
            if (has_bit(bmask, i)) ds->begin_mask |= 1u << full;
            if (has_bit(emask, i)) ds->end_mask |= 1u << full;
            if (has_bit(shrink, i)) {
                ds->plan[ds->nplan++] = PLAN_SHRINK;
                ds->shrink_mask |= 1u << full;
            } else {
                ds->plan[ds->nplan++] = full;
            }
            full++;
        }
    }
    return true;
}

/* An index of a dim of size dim, negative counting from the end, clamped into the
 * range a stride of that sign may start or stop at; a masked one takes the range's
 * far end (c: 0 for begin, 1 for end). */
static int64_t spec_canonical(int64_t x, int c, bool masked, int64_t stride, int64_t dim)
{
    int64_t lo = stride > 0 ? 0 : -1, hi = stride > 0 ? dim : dim - 1;
    if (masked) return (stride > 0) == (c == 0) ? lo : hi;
    int64_t fwd = x < 0 ? dim + x : x;
    return fwd < lo ? lo : fwd > hi ? hi : fwd;
}

bool ig_slice_spec_compute(int rank, const int64_t *shape, int n, const int64_t *begin,
                           const int64_t *end, const int64_t *strides, int begin_mask,
                           int end_mask, int ellipsis_mask, int new_axis_mask,
                           int shrink_axis_mask, IgSliceSpec *spec, char *err, size_t errsize)
{
    IG_RT_ASSERT(rank >= 0 && rank <= IG_MAX_RANK && n >= 0 && n <= IG_SLICE_MAX_SPEC);
    unsigned ellipsis = (unsigned)ellipsis_mask;
    if (ellipsis & (ellipsis - 1))
        return spec_fail(err, errsize, "Multiple ellipses in slice spec not allowed");
    DenseSpec ds;
    if (!spec_densify(rank, n, begin, end, strides, (unsigned)begin_mask, (unsigned)end_mask,
                      ellipsis, (unsigned)new_axis_mask, (unsigned)shrink_axis_mask, &ds, err,
                      errsize))
        return false;

    spec->rank = rank;
    for (int d = 0; d < rank; d++) {
        int64_t stride = ds.stride[d], dim = shape[d];
        if (stride == 0) return spec_fail(err, errsize, "strides[%d] must be non-zero", d);
        bool shrink = has_bit(ds.shrink_mask, d);
        if (shrink && stride < 0)
            return spec_fail(err, errsize, "only stride 1 allowed on non-range indexing.");
        int64_t b, e;
        if (shrink) {
            /* An index, not a range: the end in the spec is meaningless (x[-1] comes as
             * begin -1, end 0), so the range is [b, b+1). */
            b = ds.begin[d] < 0 ? dim + ds.begin[d] : ds.begin[d];
            if (b < 0 || b >= dim)
                return spec_fail(err, errsize, "slice index %lld of dimension %d out of bounds.",
                                 (long long)b, d);
            e = b + 1;
        } else {
            b = spec_canonical(ds.begin[d], 0, has_bit(ds.begin_mask, d), stride, dim);
            e = spec_canonical(ds.end[d], 1, has_bit(ds.end_mask, d), stride, dim);
        }
        /* Elements in [b, e) stepping by stride: ceil((e - b) / stride), or none when
         * the range points the other way. */
        int64_t len = e - b, size;
        if (len == 0 || (len < 0) != (stride < 0))
            size = 0;
        else
            size = len / stride + (len % stride != 0);
        spec->begin[d] = b;
        spec->stride[d] = stride;
        spec->size[d] = size;
    }

    spec->out_rank = 0;
    for (int k = 0; k < ds.nplan; k++) {
        if (ds.plan[k] == PLAN_SHRINK) continue;
        if (spec->out_rank == IG_MAX_RANK)
            return spec_fail(err, errsize, "strided_slice: the result would have more than "
                             "Ingot's limit of %d dimensions", IG_MAX_RANK);
        spec->out_shape[spec->out_rank++] =
            ds.plan[k] == PLAN_NEW_AXIS ? 1 : spec->size[ds.plan[k]];
    }
    return true;
}
