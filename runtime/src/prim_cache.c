/* prim_cache.c — per-site caches (oneDNN primitives, constants) and the registry of
 * sites holding one, so that ig_runtime_shutdown can release them all.
 * Entry points: ig_site_cache_set, ig_site_release, ig_site_registry_release_all,
 * ig_prim_create. Memory owner: the registry owns each registered site's cache. */
#include <stdlib.h>

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

long ig_prim_created_count(void)
{
    return g_prims_created;
}
