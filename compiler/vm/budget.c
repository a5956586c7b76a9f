/* budget.c — the build-time step limit and the located memory-limit error (budget.h). */
#include "budget.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>

#include "vm.h"

/* The arena's heap reached --max-build-memory: the error points at the statement
   running, then the run ends. The allocation under way cannot be refused (no caller of
   arena_alloc expects NULL), so it never returns: it jumps back to the run's start
   (b->escape), which reports failure, or exits when there is none. The collector calls
   this with its lock released, on the thread that allocates, the one running the
   script. */
static void out_of_memory(void *ctx, size_t limit_bytes) {
    Interp *in = ctx;
    const char *when = vm_phase(in);
    if (in->budget.stmt) {
        vm_error(in, *in->budget.stmt, "the script used more than %zu MiB %s", limit_bytes >> 20,
                 when);
        diag_note(in->diag, vm_op_loc(in, *in->budget.stmt),
                  "'--max-build-memory=MIB' raises the limit (0: none)");
    } else {
        diag_error_noloc(in->diag, "the script used more than %zu MiB %s", limit_bytes >> 20, when);
    }
    /* A quiet trace (driver.c's declared_flags) still says why the build ends. */
    if (in->diag->out != stderr)
        fprintf(stderr, "ingot: error: the script used more than %zu MiB %s\n", limit_bytes >> 20,
                when);
    fflush(stdout);
    if (in->budget.escape) longjmp(*in->budget.escape, 1);
    exit(1);
}

void budget_begin(Interp *in, Budget *b, uint64_t max_steps) {
    b->limit = max_steps;
    arena_on_exhausted(out_of_memory, in, NULL);
}

void budget_end(Budget *b) {
    b->loop = b->stmt = NULL;
    arena_on_exhausted(NULL, NULL, NULL);
}

bool budget_exceeded(Interp *in, Budget *b, const SrcLoc *stmt) {
    if (b->exhausted) return false;
    b->exhausted = true;
    SrcLoc at = b->loop ? *b->loop : *stmt;
    vm_error(in, at, "the script ran more than %llu steps %s%s", (unsigned long long)b->limit,
             vm_phase(in), b->loop ? "; is this loop meant to be a tensor loop?" : "");
    diag_note(in->diag, vm_op_loc(in, at), "'--max-build-steps=N' raises the limit (0: none)");
    return false;
}
