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

void passes_run(Arena *scratch, Module *m, int opt_level) {
    verify_after(m, "after tracing");
    pass_dce(scratch, m);
    verify_after(m, "after dce");
    if (opt_level < 1) return;
    /* The constants folded are dead code in turn (a literal that only fed a reshape). */
    if (pass_fold_constants(scratch, m) > 0) {
        verify_after(m, "after fold_constants");
        pass_dce(scratch, m);
        verify_after(m, "after dce");
    }
    /* After dead code: a product whose only other use was dead can fuse. */
    pass_fuse_bias_act(scratch, m);
    verify_after(m, "after fuse_bias_act");
    /* After the products took their bias adds: an add that joined one is no link. */
    pass_fuse_elementwise(scratch, m);
    verify_after(m, "after fuse_elementwise");
}
