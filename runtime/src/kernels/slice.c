/* slice.c — PLACEHOLDER: kernels being written; each fails loudly until then. */
#include "internal.h"

IgTensor *ig_strided_slice(IgSite *site, const IgTensor *x, const IgTensor *begin,
                                  const IgTensor *end, const IgTensor *strides, int begin_mask,
                                  int end_mask, int ellipsis_mask, int new_axis_mask,
                                  int shrink_axis_mask)
{
    (void)x;
    (void)begin;
    (void)end;
    (void)strides;
    (void)begin_mask;
    (void)end_mask;
    (void)ellipsis_mask;
    (void)new_axis_mask;
    (void)shrink_axis_mask;
    ig_fatal(site, "not supported yet: strided_slice");
}
