/* pipeline.c — the passes in the order every build runs them (passes.h). */
#include "passes.h"

#include "diag.h"

/* The graph is checked before the first pass and after each: an invalid graph is a
   compiler bug, named by the stage that made it. */
static void verify_after(const Module *m, const char *stage) {
    char err[512];
    if (!graph_verify(m, err, sizeof err))
        diag_internal_error(__FILE__, __LINE__, "invalid graph %s: %s", stage, err);
}

void passes_run(Arena *scratch, Module *m) {
    verify_after(m, "after tracing");
    pass_dce(scratch, m);
    verify_after(m, "after dce");
}
