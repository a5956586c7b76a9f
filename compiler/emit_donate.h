/* emit_donate.h — which input of an elementwise kernel call the emitted C donates
 * (ig_donate): one that dies with the call, so the kernel may write its result over it
 * rather than into a new buffer. An op result qualifies when it is released right after
 * the call; a while body's parameter (its carried value) when the call is its last use
 * in the body and the body does not yield it. Such a carried value is released right
 * after its last use too, not at the end of the iteration, so that a chain of ops on
 * it (x = x * 0.5 + 1.0) keeps reusing one buffer. The runtime still takes a donated
 * tensor only when nobody else holds it, so a value also held by a variable, the
 * caller or another name is safe.
 * Entry points: donate_plan, donate_input, donate_carried_dying, donate_released_early.
 * Memory owner: the caller's Arena. */
#ifndef INGOT_EMIT_DONATE_H
#define INGOT_EMIT_DONATE_H

#include "liveness.h"

typedef struct DonatePlan {
    const Liveness *live;
    ReleaseList *carried_dying; /* per text-order index: body parameters last used there */
    bool *released_early;       /* per IrValue.id: a body parameter in carried_dying */
} DonatePlan;

DonatePlan donate_plan(Arena *a, const Module *m, const Liveness *live, const Func *f);

/* The index of the input of inst (the index-th instruction in text order) to donate, or
 * -1. is_tensor tells which values are tensors in the emitted C (not C scalars). */
int donate_input(const DonatePlan *plan, const Inst *inst, int index,
                 bool (*is_tensor)(const void *ctx, const IrValue *v), const void *ctx);

/* The while body parameters whose carried value dies after the index-th instruction:
 * the emitted C releases the loop's variable for each there (and sets it to NULL). */
const ReleaseList *donate_carried_dying(const DonatePlan *plan, int index);

/* Whether the while body parameter p's value is released at its last use (so the end of
 * the iteration has nothing to release for it). */
bool donate_released_early(const DonatePlan *plan, const IrValue *p);

#endif
