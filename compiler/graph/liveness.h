/* liveness.h — when each value of a function dies: the analysis the C emitter needs
 * to release every op result right after its last use (params are borrowed and
 * results are handed on — to the caller, a cond's outputs, a while's carried values —
 * so neither is released), and which handed-on results need a reference of their own.
 * Entry points: liveness_func, liveness_result_borrowed. Memory owner: the caller's Arena. */
#ifndef INGOT_LIVENESS_H
#define INGOT_LIVENESS_H

#include "ir.h"

typedef struct ReleaseList {
    IrValue **vals; /* in definition order (ascending IrValue.id) */
    int n;
} ReleaseList;

typedef struct Liveness {
    /* after[k]: the values to release right after the k-th instruction of the function,
     * counting instructions in text order (an instruction, then its nested regions). */
    ReleaseList *after;
    int ninsts;
    /* uses[id]: how many instructions (counting nested ones once per use) and region
     * results use the value; indexed by IrValue.id. */
    int *uses;
    /* last_user[id]: the text-order index of the instruction of the value's own region
     * (a parameter's: the region it is a parameter of) that uses it last, a use inside
     * a nested region counting as its enclosing instruction's; its definition's index
     * when nothing uses it. Uses as the region's own results are not counted. */
    int *last_user;
} Liveness;

Liveness *liveness_func(Arena *a, const Module *m, const Func *f);

/* Whether result i of region r is a reference r does not own: a parameter, a value
 * captured from an enclosing region, or a value already handed on at an earlier
 * position. Handing it on (ret, yield) takes an ig_retain; a while's condition that
 * yields one must not release it after the test. A value defined by one of r's own
 * instructions is owned by r and is handed on as it is. */
bool liveness_result_borrowed(const Region *r, int i);

#endif
