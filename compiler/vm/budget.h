/* budget.h — the build-time interpreter's budget: how many steps (statements run; each
 * iteration of a loop runs one at least) it may take and how much memory it may use,
 * each ending the build with a located error (--max-build-steps, --max-build-memory).
 * Entry points: budget_begin/budget_end around a run, budget_step per statement,
 * budget_loop_enter/leave around a loop. Memory owner: none (a Budget is in the Interp). */
#ifndef INGOT_BUDGET_H
#define INGOT_BUDGET_H

#include <setjmp.h>
#include <stdbool.h>
#include <stdint.h>

#include "srcloc.h"

typedef struct Interp Interp;

typedef struct Budget {
    uint64_t steps;          /* statements run so far */
    uint64_t limit;          /* more steps than this is an error (0: no limit, as zeroed) */
    const SrcLoc *loop;      /* the innermost loop running (where a step error points) */
    const SrcLoc *stmt;      /* the statement running (where a memory error points) */
    bool exhausted;          /* the step error was reported: every later step fails */
    jmp_buf *escape;         /* where the memory error ends the run (NULL: exit) */
} Budget;

/* Starts counting for a run of in's script (max_steps 0: no limit) and makes running
   out of the arena's memory a located error; budget_end stops that. */
void budget_begin(Interp *in, Budget *b, uint64_t max_steps);
void budget_end(Budget *b);

/* Reports the step limit at the innermost loop (else at stmt); false. */
bool budget_exceeded(Interp *in, Budget *b, const SrcLoc *stmt);

/* One step, the statement stmt about to run: false after the limit's error. An
   increment and a compare, as it runs for every statement. */
static inline bool budget_step(Interp *in, Budget *b, const SrcLoc *stmt) {
    b->stmt = stmt;
    return ++b->steps <= b->limit || !b->limit || budget_exceeded(in, b, stmt);
}

/* A loop at loc starts; returns the enclosing one, for budget_loop_leave. */
static inline const SrcLoc *budget_loop_enter(Budget *b, const SrcLoc *loc) {
    const SrcLoc *outer = b->loop;
    b->loop = loc;
    return outer;
}

static inline void budget_loop_leave(Budget *b, const SrcLoc *outer) { b->loop = outer; }

#endif
