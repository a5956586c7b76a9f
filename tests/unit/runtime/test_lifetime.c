/* test_lifetime.c — ig_runtime_shutdown releases every site cache: constants, strings,
 * matmul and elementwise primitives. Under AddressSanitizer LeakSanitizer proves it;
 * without, the sites' caches must at least all be cleared. */
#include "rt_test.h"

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/lsan_interface.h>
#endif

TestSuite(lifetime);

Test(lifetime, shutdown_releases_every_cache)
{
    /* Heap sites, freed after shutdown: a cache still hanging off one would then be
     * unreachable, which LeakSanitizer reports. */
    enum { NSITES = 5 };
    IgSite *sites = calloc(NSITES, sizeof *sites);
    cr_assert_not_null(sites);
    for (int i = 0; i < NSITES; i++) sites[i] = (IgSite)IG_SITE("life.py", i + 1);
    ig_runtime_init(0, NULL);
    for (int round = 0; round < 2; round++) {
        const float w[4] = {1, 2, 3, 4};
        IgTensor *c = ig_constant(&sites[0], IG_FLOAT32, 2, SHAPE(2, 2), w);
        IgTensor *s = ig_string(&sites[1], "hello");
        IgTensor *m = ig_matmul(&sites[2], c, c, false, false);
        cr_assert_eq(AT(float, m, 3), 22.0f);
        IgTensor *big = ig_fill(NULL, IG_FLOAT32, 1, SHAPE(IG_DNNL_MIN_ELEMENTS), 2);
        IgTensor *sum = ig_add(&sites[3], big, big);
        cr_assert_eq(AT(float, sum, 0), 4.0f);
        IgTensor *m2 = ig_matmul(&sites[4], c, c, false, false);
        ig_release(m), ig_release(big), ig_release(sum), ig_release(m2);
        (void)s;
        ig_runtime_shutdown(); /* the runtime starts over lazily afterwards */
        for (int i = 0; i < NSITES; i++) cr_assert_null(sites[i].cache, "site %d", i);
    }
    free(sites);
#if defined(__SANITIZE_ADDRESS__)
    cr_assert_eq(__lsan_do_recoverable_leak_check(), 0, "LeakSanitizer found leaks");
#endif
}
