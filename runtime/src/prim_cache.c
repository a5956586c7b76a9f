/* prim_cache.c — per-site caches (oneDNN primitives, constants), each thread's registry
 * of the sites holding one (so that ig_runtime_thread_shutdown can release them all) and
 * the cache every oneDNN kernel builds on. Entry points: ig_site_cache_set,
 * ig_site_release, ig_site_registry_release_all, ig_prim_create, ig_prim_from_pd,
 * ig_dnnl_execute, ig_dnnl_cache_new, ig_dnnl_cache_find.
 * Memory owner: a thread's registry owns the caches of the sites it registered. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* Per-thread state (no lock; lifetime.c says why): the sites whose cache the thread
 * set, in first-use order. Sites are static in the emitted program, or _Thread_local in
 * a library (each thread has its own, made and run on its own engine), so plain pointers
 * to them stay valid as long as the thread: its shutdown, which a thread attached
 * (lifetime.c) runs as it exits, still sees its _Thread_local sites. */
static _Thread_local IgSite **g_sites;
static _Thread_local size_t g_nsites, g_capsites;
static _Thread_local long g_prims_created;

/* ---- The threads each primitive runs on ------------------------------------------- */
/* Per-thread state: the OpenMP thread count each of the thread's live primitives was
 * made for, by address: an open-addressing table with linear probing, at most half full,
 * so a run finds its count in a probe or two. */
typedef struct PrimThreads {
    dnnl_primitive_t prim; /* NULL: a free slot */
    int threads;
} PrimThreads;
static _Thread_local PrimThreads *g_prim_threads;
static _Thread_local size_t g_prim_threads_cap, g_prim_threads_count;

static void registry_add(IgSite *site)
{
    if (g_nsites == g_capsites) {
        ig_thread_ensure_attached(); /* the registry is released when the thread ends */
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
    free(g_prim_threads); /* the caches above destroyed every primitive */
    g_prim_threads = NULL;
    g_prim_threads_cap = g_prim_threads_count = 0;
}

static size_t prim_slot(dnnl_primitive_t prim, size_t cap)
{
    uintptr_t h = (uintptr_t)prim >> 4; /* primitives are at least 16-byte aligned */
    return (size_t)(h * 0x9E3779B97F4A7C15u) & (cap - 1);
}

static void prim_threads_put(dnnl_primitive_t prim, int threads)
{
    if (2 * (g_prim_threads_count + 1) > g_prim_threads_cap) {
        size_t cap = g_prim_threads_cap ? 2 * g_prim_threads_cap : 64;
        PrimThreads *grown = calloc(cap, sizeof *grown);
        if (grown == NULL) ig_fatal(NULL, "out of memory");
        for (size_t i = 0; i < g_prim_threads_cap; i++) {
            if (g_prim_threads[i].prim == NULL) continue;
            size_t j = prim_slot(g_prim_threads[i].prim, cap);
            while (grown[j].prim != NULL) j = (j + 1) & (cap - 1);
            grown[j] = g_prim_threads[i];
        }
        free(g_prim_threads);
        g_prim_threads = grown;
        g_prim_threads_cap = cap;
    }
    size_t j = prim_slot(prim, g_prim_threads_cap);
    while (g_prim_threads[j].prim != NULL) j = (j + 1) & (g_prim_threads_cap - 1);
    g_prim_threads[j] = (PrimThreads){prim, threads};
    g_prim_threads_count++;
}

/* The slot holding prim, or -1. */
static ptrdiff_t prim_threads_find(dnnl_primitive_t prim)
{
    if (g_prim_threads_cap == 0) return -1;
    size_t mask = g_prim_threads_cap - 1;
    for (size_t j = prim_slot(prim, g_prim_threads_cap);; j = (j + 1) & mask) {
        if (g_prim_threads[j].prim == prim) return (ptrdiff_t)j;
        if (g_prim_threads[j].prim == NULL) return -1;
    }
}

/* Removal without tombstones: the entries after the hole that probed past it move
 * back into it (Knuth's algorithm R). */
static void prim_threads_remove(dnnl_primitive_t prim)
{
    ptrdiff_t found = prim_threads_find(prim);
    if (found < 0) return;
    size_t mask = g_prim_threads_cap - 1, hole = (size_t)found;
    g_prim_threads[hole].prim = NULL;
    g_prim_threads_count--;
    for (size_t j = (hole + 1) & mask; g_prim_threads[j].prim != NULL; j = (j + 1) & mask) {
        size_t home = prim_slot(g_prim_threads[j].prim, g_prim_threads_cap);
        /* j's entry may fill the hole when its home is not within (hole, j]. */
        bool stays = hole < j ? (home > hole && home <= j) : (home > hole || home <= j);
        if (stays) continue;
        g_prim_threads[hole] = g_prim_threads[j];
        g_prim_threads[j].prim = NULL;
        hole = j;
    }
}

/* The bytes a primitive reads and writes: its sources, weights and results (and their
 * gradients), the measure ig_threads_for_work judges it by. */
static size_t pd_bytes(const_dnnl_primitive_desc_t pd)
{
    static const dnnl_query_t kinds[] = {dnnl_query_src_md, dnnl_query_diff_src_md,
                                         dnnl_query_weights_md, dnnl_query_diff_weights_md,
                                         dnnl_query_dst_md, dnnl_query_diff_dst_md};
    size_t total = 0;
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
        /* Some implementations answer any index with their one descriptor (a
           convolution on oneDNN's AVX2 path did: an endless loop), so at most a few,
           and a repeat ends the list. */
        const dnnl_memory_desc_t *prev = NULL;
        for (int i = 0; i < 4; i++) {
            const dnnl_memory_desc_t *md = dnnl_primitive_desc_query_md(pd, kinds[k], i);
            if (md == NULL || md->ndims == 0 || md == prev) break;
            total += dnnl_memory_desc_get_size(md);
            prev = md;
        }
    }
    return total;
}

static int64_t md_elements(const dnnl_memory_desc_t *md)
{
    if (md == NULL || md->ndims == 0) return 0;
    int64_t n = 1;
    for (int i = 0; i < md->ndims; i++) n *= md->dims[i];
    return n;
}

/* The floating-point operations of a convolution, matrix product or inner product, from
 * its weights and result: each result element takes a multiply and an add per weight of
 * its output channel (a matrix product's column). 0 for other kinds. */
static double pd_flops(const_dnnl_primitive_desc_t pd, dnnl_primitive_kind_t kind)
{
    bool dense = kind == dnnl_convolution || kind == dnnl_deconvolution ||
                 kind == dnnl_matmul || kind == dnnl_inner_product;
    if (!dense) return 0;
    const dnnl_memory_desc_t *w = dnnl_primitive_desc_query_md(pd, dnnl_query_weights_md, 0);
    if (md_elements(w) == 0) w = dnnl_primitive_desc_query_md(pd, dnnl_query_diff_weights_md, 0);
    const dnnl_memory_desc_t *y = dnnl_primitive_desc_query_md(pd, dnnl_query_dst_md, 0);
    if (md_elements(y) == 0) y = dnnl_primitive_desc_query_md(pd, dnnl_query_diff_dst_md, 0);
    int64_t nw = md_elements(w), ny = md_elements(y);
    if (nw == 0 || ny == 0) return 0;
    /* Output channels: a filter's first dim, a matrix product's last (its columns). */
    int64_t channels = kind == dnnl_matmul ? w->dims[w->ndims - 1] : w->dims[0];
    return channels > 0 ? 2.0 * (double)ny * (double)(nw / channels) : 0;
}

/* How many threads pd's primitive repays: by the bytes it streams, or for one that
 * computes many operations per byte (a convolution, a matrix product) by those. */
static int pd_threads(const_dnnl_primitive_desc_t pd)
{
    dnnl_primitive_kind_t kind = dnnl_undefined_primitive;
    dnnl_primitive_desc_query(pd, dnnl_query_primitive_kind, 0, &kind);
    return ig_threads_for_work(pd_bytes(pd), pd_flops(pd, kind));
}

int ig_threads_for_mds(int n, const dnnl_memory_desc_t *mds)
{
    size_t bytes = 0;
    for (int i = 0; i < n; i++) bytes += dnnl_memory_desc_get_size(&mds[i]);
    return ig_threads_for_work(bytes, 0);
}

dnnl_primitive_t ig_prim_from_pd(const_dnnl_primitive_desc_t pd, int threads)
{
    int before = ig_threads_enter(threads);
    dnnl_primitive_t prim;
    IG_DNNL_CHECK(dnnl_primitive_create(&prim, pd));
    ig_threads_leave(before);
    prim_threads_put(prim, threads);
    return prim;
}

/* desc's primitive (hint: the forward pd a backward one needs, or NULL). oneDNN plans
 * a primitive's split of work when it makes the pd, for the threads it may use then:
 * a pd too small for the whole budget is made again for one thread. */
static dnnl_primitive_t prim_create(const_dnnl_op_desc_t desc, const_dnnl_primitive_desc_t hint)
{
    dnnl_primitive_desc_t pd;
    IG_DNNL_CHECK(dnnl_primitive_desc_create(&pd, desc, NULL, ig_dnnl_engine(), hint));
    int threads = pd_threads(pd);
    if (threads != ig_threads_max()) {
        IG_DNNL_CHECK(dnnl_primitive_desc_destroy(pd));
        int before = ig_threads_enter(threads);
        IG_DNNL_CHECK(dnnl_primitive_desc_create(&pd, desc, NULL, ig_dnnl_engine(), hint));
        ig_threads_leave(before);
    }
    int before = ig_threads_enter(threads);
    dnnl_primitive_t prim;
    IG_DNNL_CHECK(dnnl_primitive_create(&prim, pd));
    ig_threads_leave(before);
    IG_DNNL_CHECK(dnnl_primitive_desc_destroy(pd)); /* the primitive keeps its own copy */
    prim_threads_put(prim, threads);
    g_prims_created++;
    return prim;
}

dnnl_primitive_t ig_prim_create(const_dnnl_op_desc_t desc)
{
    return prim_create(desc, NULL);
}

dnnl_primitive_t ig_prim_create_backward(const_dnnl_op_desc_t desc, const_dnnl_op_desc_t forward)
{
    dnnl_primitive_desc_t hint;
    IG_DNNL_CHECK(dnnl_primitive_desc_create(&hint, forward, NULL, ig_dnnl_engine(), NULL));
    dnnl_primitive_t prim = prim_create(desc, hint);
    IG_DNNL_CHECK(dnnl_primitive_desc_destroy(hint));
    return prim;
}

void ig_prim_destroy(dnnl_primitive_t prim)
{
    if (prim == NULL) return;
    prim_threads_remove(prim);
    dnnl_primitive_destroy(prim);
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
    ig_prim_destroy(c->prep);
    ig_prim_destroy(c->prim);
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
    ptrdiff_t slot = prim_threads_find(prim);
    int threads = slot >= 0 ? g_prim_threads[slot].threads : ig_threads_max();
    int before = ig_threads_enter(threads);
    IG_DNNL_CHECK(dnnl_primitive_execute(prim, ig_dnnl_stream(), nargs, args));
    IG_DNNL_CHECK(dnnl_stream_wait(ig_dnnl_stream()));
    ig_threads_leave(before);
}
