/* reduce_more.c — PLACEHOLDER: kernels being written; each fails loudly until then. */
#include "internal.h"

IgTensor *ig_reduce_mean(IgSite *site, const IgTensor *x, int naxes, const int *axes,
                                bool all_axes, bool keepdims)
{
    (void)x;
    (void)naxes;
    (void)axes;
    (void)all_axes;
    (void)keepdims;
    ig_fatal(site, "not supported yet: reduce_mean");
}

IgTensor *ig_reduce_max(IgSite *site, const IgTensor *x, int naxes, const int *axes,
                               bool all_axes, bool keepdims)
{
    (void)x;
    (void)naxes;
    (void)axes;
    (void)all_axes;
    (void)keepdims;
    ig_fatal(site, "not supported yet: reduce_max");
}

IgTensor *ig_reduce_min(IgSite *site, const IgTensor *x, int naxes, const int *axes,
                               bool all_axes, bool keepdims)
{
    (void)x;
    (void)naxes;
    (void)axes;
    (void)all_axes;
    (void)keepdims;
    ig_fatal(site, "not supported yet: reduce_min");
}

IgTensor *ig_reduce_prod(IgSite *site, const IgTensor *x, int naxes, const int *axes,
                                bool all_axes, bool keepdims)
{
    (void)x;
    (void)naxes;
    (void)axes;
    (void)all_axes;
    (void)keepdims;
    ig_fatal(site, "not supported yet: reduce_prod");
}

IgTensor *ig_reduce_all(IgSite *site, const IgTensor *x, int naxes, const int *axes,
                               bool all_axes, bool keepdims)
{
    (void)x;
    (void)naxes;
    (void)axes;
    (void)all_axes;
    (void)keepdims;
    ig_fatal(site, "not supported yet: reduce_all");
}

IgTensor *ig_reduce_any(IgSite *site, const IgTensor *x, int naxes, const int *axes,
                               bool all_axes, bool keepdims)
{
    (void)x;
    (void)naxes;
    (void)axes;
    (void)all_axes;
    (void)keepdims;
    ig_fatal(site, "not supported yet: reduce_any");
}

IgTensor *ig_argmax(IgSite *site, const IgTensor *x, int axis)
{
    (void)x;
    (void)axis;
    ig_fatal(site, "not supported yet: argmax");
}

IgTensor *ig_argmin(IgSite *site, const IgTensor *x, int axis)
{
    (void)x;
    (void)axis;
    ig_fatal(site, "not supported yet: argmin");
}
