/* math.c — PLACEHOLDER: kernels being written; each fails loudly until then. */
#include "internal.h"

IgTensor *ig_abs(IgSite *site, const IgTensor *x)
{
    (void)x;
    ig_fatal(site, "not supported yet: abs");
}

IgTensor *ig_sign(IgSite *site, const IgTensor *x)
{
    (void)x;
    ig_fatal(site, "not supported yet: sign");
}

IgTensor *ig_square(IgSite *site, const IgTensor *x)
{
    (void)x;
    ig_fatal(site, "not supported yet: square");
}

IgTensor *ig_floor(IgSite *site, const IgTensor *x)
{
    (void)x;
    ig_fatal(site, "not supported yet: floor");
}

IgTensor *ig_ceil(IgSite *site, const IgTensor *x)
{
    (void)x;
    ig_fatal(site, "not supported yet: ceil");
}

IgTensor *ig_round(IgSite *site, const IgTensor *x)
{
    (void)x;
    ig_fatal(site, "not supported yet: round");
}

IgTensor *ig_sqrt(IgSite *site, const IgTensor *x)
{
    (void)x;
    ig_fatal(site, "not supported yet: sqrt");
}

IgTensor *ig_rsqrt(IgSite *site, const IgTensor *x)
{
    (void)x;
    ig_fatal(site, "not supported yet: rsqrt");
}

IgTensor *ig_exp(IgSite *site, const IgTensor *x)
{
    (void)x;
    ig_fatal(site, "not supported yet: exp");
}

IgTensor *ig_log(IgSite *site, const IgTensor *x)
{
    (void)x;
    ig_fatal(site, "not supported yet: log");
}

IgTensor *ig_log1p(IgSite *site, const IgTensor *x)
{
    (void)x;
    ig_fatal(site, "not supported yet: log1p");
}

IgTensor *ig_tanh(IgSite *site, const IgTensor *x)
{
    (void)x;
    ig_fatal(site, "not supported yet: tanh");
}

IgTensor *ig_sigmoid(IgSite *site, const IgTensor *x)
{
    (void)x;
    ig_fatal(site, "not supported yet: sigmoid");
}

IgTensor *ig_maximum(IgSite *site, const IgTensor *a, const IgTensor *b)
{
    (void)a;
    (void)b;
    ig_fatal(site, "not supported yet: maximum");
}

IgTensor *ig_minimum(IgSite *site, const IgTensor *a, const IgTensor *b)
{
    (void)a;
    (void)b;
    ig_fatal(site, "not supported yet: minimum");
}

IgTensor *ig_select(IgSite *site, const IgTensor *cond, const IgTensor *x,
                           const IgTensor *y)
{
    (void)cond;
    (void)x;
    (void)y;
    ig_fatal(site, "not supported yet: select");
}

IgTensor *ig_where_indices(IgSite *site, const IgTensor *cond)
{
    (void)cond;
    ig_fatal(site, "not supported yet: where_indices");
}
