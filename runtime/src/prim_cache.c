/* prim_cache.c — per-site caches (oneDNN primitives, constants), the registry of sites
 * holding one (so that ig_runtime_shutdown can release them all) and the cache every
 * oneDNN kernel builds on. Entry points: ig_site_cache_set, ig_site_release,
 * ig_site_registry_release_all, ig_prim_create, ig_dnnl_cache_new, ig_dnnl_cache_find.
 * Memory owner: the registry owns each registered site's cache. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* Global mutable state: the sites whose cache is set, in first-use order. Sites are
 * static in the emitted program, so plain pointers to them stay valid. */
static IgSite **g_sites;
static size_t g_nsites, g_capsites;
static long g_prims_created;

static void registry_add(IgSite *site)
{
    if (g_nsites == g_capsites) {
        size_t cap = g_capsites ? 2 * g_capsites : 64;
        IgSite **grown = realloc(g_sites, cap * sizeof *grown);
        if (grown == NULL) ig_fatal(site, "out of memory");
        g_sites = grown;
        g_capsites = cap;
    }
    g_sites[g_nsites++] = site;
}

void ig_site_cache_set(IgSite *site, IgCache *cache)
{
    IG_RT_ASSERT(site != NULL);
    if (site->cache != NULL) {
        IgCache *old = site->cache;
        old->destroy(old); /* the site is registered already */
    } else {
        registry_add(site);
    }
    site->cache = cache;
}

void ig_site_release(IgSite *site)
{
    if (site == NULL || site->cache == NULL) return;
    IgCache *cache = site->cache;
    cache->destroy(cache);
    site->cache = NULL;
    for (size_t i = 0; i < g_nsites; i++) {
        if (g_sites[i] == site) {
            g_sites[i] = g_sites[--g_nsites];
            break;
        }
    }
}

void ig_site_registry_release_all(void)
{
    for (size_t i = 0; i < g_nsites; i++) {
        IgCache *cache = g_sites[i]->cache;
        if (cache != NULL) cache->destroy(cache);
        g_sites[i]->cache = NULL;
    }
    free(g_sites);
    g_sites = NULL;
    g_nsites = g_capsites = 0;
}

dnnl_primitive_t ig_prim_create(const_dnnl_op_desc_t desc)
{
    dnnl_primitive_desc_t pd;
    dnnl_primitive_t prim;
    IG_DNNL_CHECK(dnnl_primitive_desc_create(&pd, desc, NULL, ig_dnnl_engine(), NULL));
    IG_DNNL_CHECK(dnnl_primitive_create(&prim, pd));
    IG_DNNL_CHECK(dnnl_primitive_desc_destroy(pd)); /* the primitive keeps its own copy */
    g_prims_created++;
    return prim;
}

dnnl_primitive_t ig_prim_create_backward(const_dnnl_op_desc_t desc, const_dnnl_op_desc_t forward)
{
    dnnl_primitive_desc_t hint, pd;
    dnnl_primitive_t prim;
    IG_DNNL_CHECK(dnnl_primitive_desc_create(&hint, forward, NULL, ig_dnnl_engine(), NULL));
    IG_DNNL_CHECK(dnnl_primitive_desc_create(&pd, desc, NULL, ig_dnnl_engine(), hint));
    IG_DNNL_CHECK(dnnl_primitive_create(&prim, pd));
    IG_DNNL_CHECK(dnnl_primitive_desc_destroy(pd));
    IG_DNNL_CHECK(dnnl_primitive_desc_destroy(hint));
    g_prims_created++;
    return prim;
}

long ig_prim_created_count(void)
{
    return g_prims_created;
}

void *ig_dnnl_cache_new(size_t size, const char *kind)
{
    IG_RT_ASSERT(size >= sizeof(IgDnnlCache));
    IgDnnlCache *c = calloc(1, size);
    if (c == NULL) ig_fatal(NULL, "out of memory");
    c->base.destroy = ig_dnnl_cache_destroy;
    c->kind = kind;
    return c;
}

static dnnl_memory_t cache_memory_create(IgDnnlCache *c, const dnnl_memory_desc_t *md,
                                         void *handle)
{
    if (c->nmems == c->capmems) {
        int cap = c->capmems ? 2 * c->capmems : 4;
        dnnl_memory_t *grown = realloc(c->mems, (size_t)cap * sizeof *grown);
        if (grown == NULL) ig_fatal(NULL, "out of memory");
        c->mems = grown;
        c->capmems = cap;
    }
    dnnl_memory_t mem;
    IG_DNNL_CHECK(dnnl_memory_create(&mem, md, ig_dnnl_engine(), handle));
    c->mems[c->nmems++] = mem;
    return mem;
}

dnnl_memory_t ig_dnnl_cache_memory(IgDnnlCache *c, const dnnl_memory_desc_t *md)
{
    return cache_memory_create(c, md, DNNL_MEMORY_NONE);
}

dnnl_memory_t ig_dnnl_cache_buffer(IgDnnlCache *c, const dnnl_memory_desc_t *md)
{
    return cache_memory_create(c, md, DNNL_MEMORY_ALLOCATE);
}

void ig_dnnl_cache_destroy(IgCache *cache)
{
    IgDnnlCache *c = (IgDnnlCache *)cache;
    for (int i = 0; i < c->nmems; i++) dnnl_memory_destroy(c->mems[i]);
    if (c->prep != NULL) dnnl_primitive_destroy(c->prep);
    if (c->prim != NULL) dnnl_primitive_destroy(c->prim);
    free(c->mems);
    free(c);
}

IgDnnlCache *ig_dnnl_cache_find(const IgSite *site, const char *kind)
{
    IgCache *cache = site != NULL ? site->cache : NULL;
    if (cache == NULL || cache->destroy != ig_dnnl_cache_destroy) return NULL;
    IgDnnlCache *c = (IgDnnlCache *)cache;
    return strcmp(c->kind, kind) == 0 ? c : NULL;
}

void ig_dnnl_cache_keep(IgSite *site, IgDnnlCache *c)
{
    if (site != NULL) ig_site_cache_set(site, &c->base);
}

void ig_dnnl_cache_run(IgSite *site, IgDnnlCache *c, int nargs, const IgDnnlArg *args)
{
    /* The largest call (concat) has one source per input: no fixed bound fits. */
    dnnl_exec_arg_t small[8] = {{0, NULL}}, *exec = small;
    if (nargs > 8) exec = malloc((size_t)nargs * sizeof *exec);
    if (exec == NULL) ig_fatal(site, "out of memory");
    for (int i = 0; i < nargs; i++) {
        if (args[i].data != NULL)
            IG_DNNL_CHECK(dnnl_memory_set_data_handle(args[i].mem, args[i].data));
        exec[i] = (dnnl_exec_arg_t){args[i].arg, args[i].mem};
    }
    ig_dnnl_execute(c->prim, nargs, exec);
    if (exec != small) free(exec);
    if (site == NULL) ig_dnnl_cache_destroy(&c->base); /* nowhere to keep it */
}

void ig_dnnl_execute(dnnl_primitive_t prim, int nargs, const dnnl_exec_arg_t *args)
{
    IG_DNNL_CHECK(dnnl_primitive_execute(prim, ig_dnnl_stream(), nargs, args));
    IG_DNNL_CHECK(dnnl_stream_wait(ig_dnnl_stream()));
}
