/* array.c — PLACEHOLDER: kernels being written; each fails loudly until then. */
#include "internal.h"

IgTensor *ig_reshape(IgSite *site, const IgTensor *x, const IgTensor *shape)
{
    (void)x;
    (void)shape;
    ig_fatal(site, "not supported yet: reshape");
}

IgTensor *ig_expand_dims(IgSite *site, const IgTensor *x, int axis)
{
    (void)x;
    (void)axis;
    ig_fatal(site, "not supported yet: expand_dims");
}

IgTensor *ig_squeeze(IgSite *site, const IgTensor *x, int naxes, const int *axes)
{
    (void)x;
    (void)naxes;
    (void)axes;
    ig_fatal(site, "not supported yet: squeeze");
}

IgTensor *ig_transpose(IgSite *site, const IgTensor *x, const int *perm)
{
    (void)x;
    (void)perm;
    ig_fatal(site, "not supported yet: transpose");
}

IgTensor *ig_concat(IgSite *site, int n, const IgTensor *const *xs, int axis)
{
    (void)n;
    (void)xs;
    (void)axis;
    ig_fatal(site, "not supported yet: concat");
}

IgTensor *ig_tile(IgSite *site, const IgTensor *x, const IgTensor *multiples)
{
    (void)x;
    (void)multiples;
    ig_fatal(site, "not supported yet: tile");
}

IgTensor *ig_broadcast_to(IgSite *site, const IgTensor *x, const IgTensor *shape)
{
    (void)x;
    (void)shape;
    ig_fatal(site, "not supported yet: broadcast_to");
}
